import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { randomBytes } from 'node:crypto'
import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { checkMediaCoversCues, ffmpegAvailable, probeMedia } from '@loa/dubbing'
import { projectLines } from '@loa/dubbing/server'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { viaStorage } from '../../lib/storage-errors.ts'
import { envelope, fileExtension } from '../../lib/wire.ts'
import {
  checkDeclaredSize,
  signUpload,
  unsupportedFileType,
  uploadOwnerSegment,
  uploadStorage,
  uploadUrlFields,
} from '../../lib/signed-upload.ts'
import { ownedProject, toAppError } from './access.ts'
import { projectWire, toProjectWire } from './wire.ts'

/** What may be uploaded to a dubbing project: subtitles, and the source video or audio. */
const SUBTITLE_TYPES: Record<string, string> = {
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  ass: 'text/x-ssa',
}
const MEDIA_TYPES: Record<string, { type: string; kind: 'video' | 'audio' }> = {
  mp4: { type: 'video/mp4', kind: 'video' },
  mov: { type: 'video/quicktime', kind: 'video' },
  mkv: { type: 'video/x-matroska', kind: 'video' },
  webm: { type: 'video/webm', kind: 'video' },
  mp3: { type: 'audio/mpeg', kind: 'audio' },
  wav: { type: 'audio/wav', kind: 'audio' },
  m4a: { type: 'audio/mp4', kind: 'audio' },
}
const SUBTITLE_MAX_BYTES = 5 * 1024 * 1024
// The local store takes objects up to 200 MB (S3 more): a 45-minute 720p video fits.
const MEDIA_MAX_BYTES = 200 * 1024 * 1024
const URL_TTL_SECONDS = 30 * 60

const ownerPrefix = (userId: string): string => `dubbing-uploads/${uploadOwnerSegment(userId)}/`

/** The bytes of a subtitle file the caller uploaded (404 UPLOAD_NOT_FOUND for someone else's or a missing one). */
export const readUpload = async (
  app: FastifyInstance,
  key: string,
  userId: string,
  kind: 'subtitle' | 'media',
): Promise<Uint8Array> => {
  const storage = uploadStorage(app)
  const ext = key.split('.').pop()?.toLowerCase() ?? ''
  const allowed = kind === 'subtitle' ? ext in SUBTITLE_TYPES : ext in MEDIA_TYPES
  if (!key.startsWith(ownerPrefix(userId)) || !allowed || !(await storage.exists(key)))
    throw new AppError(ApiErrorCode.UPLOAD_NOT_FOUND, 'Upload not found', 404)
  return viaStorage(() => storage.getBytes(key))
}

/** Upload URLs (the support tickets' signed-upload mechanism) and attaching the source media to a project. */
export const dubbingUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx

  app.get(
    '/dubbing/upload-url',
    {
      schema: {
        tags: ['dubbing'],
        summary:
          'An expiring URL to PUT a subtitle file (srt, vtt, ass) or the source media (mp4, mov, mkv, webm, mp3, wav, m4a) to',
        security: [{ bearer: [] }],
        querystring: z.object({
          extension: fileExtension(),
          size: z.coerce.number().int().min(0).optional(),
        }),
        response: {
          200: envelope(z.object({ ...uploadUrlFields, kind: z.enum(['subtitle', 'media']) })),
        },
      },
    },
    async (request) => {
      const storage = uploadStorage(app)
      const { extension, size } = request.query
      const subtitle = SUBTITLE_TYPES[extension]
      const media = MEDIA_TYPES[extension]
      if (!subtitle && !media)
        throw unsupportedFileType(extension, [...Object.keys(SUBTITLE_TYPES), ...Object.keys(MEDIA_TYPES)])
      const contentType = subtitle ?? media!.type
      const maxBytes = subtitle ? SUBTITLE_MAX_BYTES : MEDIA_MAX_BYTES
      checkDeclaredSize(size, maxBytes)
      const userId = request.profile!.id
      const key = `${ownerPrefix(userId)}${randomBytes(9).toString('hex')}.${extension}`
      const slot = { key, userId, contentType, maxBytes, ttlSeconds: URL_TTL_SECONDS }
      return ok({
        ...(await signUpload(app, storage, slot)),
        kind: subtitle ? ('subtitle' as const) : ('media' as const),
      })
    },
  )

  app.put(
    '/dubbing/projects/:id/media',
    {
      schema: {
        tags: ['dubbing'],
        summary:
          'Attach the uploaded source media (checked with ffprobe when installed: readable, not shorter than the last cue)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(100) }),
        body: z
          .object({ key: z.string().max(500) })
          .meta({ example: { key: 'dubbing-uploads/u-…/3f2a….mp4' } }),
        response: { 200: envelope(projectWire) },
      },
    },
    async (request) => {
      const userId = request.profile!.id
      const project = await ownedProject(db, request.params.id, userId)
      const { key } = request.body
      const ext = key.split('.').pop()?.toLowerCase() ?? ''
      const type = MEDIA_TYPES[ext]
      const storage = app.ctx.storage!
      if (!type || !key.startsWith(ownerPrefix(userId)) || !(await storage.exists(key)))
        throw new AppError(ApiErrorCode.UPLOAD_NOT_FOUND, 'Upload not found', 404)
      let durationMs: number | null = null
      if (await ffmpegAvailable()) {
        const dir = await mkdtemp(path.join(tmpdir(), 'loa-probe-'))
        try {
          const file = path.join(dir, `media.${ext}`)
          await pipeline(await storage.get(key), createWriteStream(file))
          const info = await probeMedia(file).catch((e: unknown) => {
            throw toAppError(e)
          })
          const lines = await projectLines(db, project.id)
          if (lines.length > 0)
            try {
              checkMediaCoversCues(info, Math.max(...lines.map((l) => l.endMs)))
            } catch (e) {
              throw toAppError(e)
            }
          durationMs = info.durationMs
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      }
      const [row] = await db
        .update(t.dubbingProjects)
        .set({ mediaKey: key, mediaKind: type.kind, mediaDurationMs: durationMs, updatedAt: new Date() })
        .where(eq(t.dubbingProjects.id, project.id))
        .returning()
      return ok(toProjectWire(row!))
    },
  )

  app.get(
    '/dubbing/projects/:id/media-url',
    {
      schema: {
        tags: ['dubbing'],
        summary: "A signed, expiring link to the project's source media (for the player)",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelope(z.object({ url: z.string(), kind: z.string() })) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      if (!project.mediaKey || !project.mediaKind)
        throw new AppError(ApiErrorCode.FILE_NOT_FOUND, 'The project has no media', 404)
      const url = await viaStorage(() =>
        app.ctx.storage!.signedDownloadUrl(project.mediaKey!, { expiresInSeconds: 3600 }),
      )
      return ok({ url, kind: project.mediaKind })
    },
  )
}
