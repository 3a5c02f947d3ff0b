import { AppError } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { viaStorage } from '../../lib/storage-errors.ts'

/** Public media the catalogue links to (voice samples), served from storage with long-lived URLs. */
export const MEDIA_PREFIXES = ['voices/samples/'] as const

/**
 * GET /media/voices/samples/{file}.mp3 — a voice sample, public and cacheable. Only keys under the public
 * prefixes are served; everything else in storage stays behind signed URLs.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/voices/samples/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A voice sample (MP3)',
        params: z.object({
          file: z
            .string()
            .max(150)
            .regex(/^[A-Za-z0-9._-]+\.mp3$/, 'a .mp3 file name'),
        }),
      },
    },
    async (request, reply) => {
      const storage = app.ctx.storage
      const key = `voices/samples/${request.params.file}`
      if (!storage || !(await viaStorage(() => storage.exists(key))))
        throw new AppError(ApiErrorCode.FILE_NOT_FOUND, 'No such sample', 404)
      const body = await viaStorage(() => storage.getBytes(key))
      return reply
        .header('content-type', 'audio/mpeg')
        .header('cache-control', 'public, max-age=86400')
        .send(Buffer.from(body))
    },
  )
}
