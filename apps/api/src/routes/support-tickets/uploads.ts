import { randomBytes } from 'node:crypto'
import { ok } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  checkDeclaredSize,
  signUpload,
  unsupportedFileType,
  uploadOwnerSegment,
  uploadStorage,
  uploadUrlFields,
} from '../../lib/signed-upload.ts'
import { envelope, fileExtension, queryBool } from '../../lib/wire.ts'

/** Allowed attachment types: screenshots, documents, subtitles and short recordings. */
export const UPLOAD_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
}

export const SUPPORT_UPLOAD_PREFIX = 'support-tickets'
const URL_TTL_SECONDS = 15 * 60

const ownerSegment = (sub: string | undefined): string =>
  sub ? uploadOwnerSegment(sub) : `anonymous/${randomBytes(12).toString('hex')}`

const sanitizeName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'file'

/**
 * GET /support-tickets/presigned-url-for-uploading — an expiring URL the browser PUTs one attachment to
 * (local signed URL or S3 presigned), limited to allow-listed extensions and API_UPLOAD_MAX_BYTES.
 */
export const supportUploadRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/support-tickets/presigned-url-for-uploading',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['support'],
        summary: 'Get an upload URL for a support attachment',
        querystring: z.object({
          extension: fileExtension(),
          directory: z
            .string()
            .max(40)
            .regex(/^[a-z0-9_-]+$/, 'lowercase letters, digits, - and _ only')
            .default('attachments'),
          file_name: z.string().max(200).optional(),
          non_suffix: queryBool(),
          size: z.coerce.number().int().min(0).optional(),
        }),
        response: { 200: envelope(z.object({ ...uploadUrlFields, content_type: z.string() })) },
      },
    },
    async (request) => {
      const storage = uploadStorage(app)
      const q = request.query
      const contentType = UPLOAD_CONTENT_TYPES[q.extension]
      if (!contentType) throw unsupportedFileType(q.extension, Object.keys(UPLOAD_CONTENT_TYPES))
      const maxBytes = app.ctx.config.uploadMaxBytes
      checkDeclaredSize(q.size, maxBytes)
      const base = sanitizeName(q.file_name ?? 'file')
      const suffix = q.non_suffix ? '' : `-${randomBytes(6).toString('hex')}`
      const key = `${SUPPORT_UPLOAD_PREFIX}/${ownerSegment(request.auth?.sub)}/${q.directory}/${base}${suffix}.${q.extension}`
      const slot = {
        key,
        userId: request.auth?.sub ?? null,
        contentType,
        maxBytes,
        ttlSeconds: URL_TTL_SECONDS,
      }
      return ok({ ...(await signUpload(app, storage, slot)), content_type: contentType })
    },
  )
}
