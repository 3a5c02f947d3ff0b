import { randomBytes } from 'node:crypto'
import { AppError, CommonErrorCode, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { viaStorage } from '../../lib/storage-errors.ts'
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
  sub
    ? `u-${Buffer.from(sub).toString('base64url').slice(0, 80)}`
    : `anonymous/${randomBytes(12).toString('hex')}`

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
        response: {
          200: envelope(
            z.object({
              url: z.string(),
              method: z.literal('PUT'),
              key: z.string(),
              content_type: z.string(),
              headers: z.record(z.string(), z.string()),
              max_bytes: z.number(),
              expires_in: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const storage = app.ctx.storage
      if (!storage)
        throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'File storage is not configured', 503)
      const q = request.query
      const contentType = UPLOAD_CONTENT_TYPES[q.extension]
      if (!contentType)
        throw new AppError(
          ApiErrorCode.UNSUPPORTED_FILE_TYPE,
          `Files of type .${q.extension} are not accepted`,
          400,
          {
            details: { allowed: Object.keys(UPLOAD_CONTENT_TYPES) },
          },
        )
      const maxBytes = app.ctx.config.uploadMaxBytes
      if (q.size !== undefined && q.size > maxBytes)
        throw new AppError(
          ApiErrorCode.FILE_TOO_LARGE,
          `Files larger than ${maxBytes} bytes are not accepted`,
          413,
        )
      const base = sanitizeName(q.file_name ?? 'file')
      const suffix = q.non_suffix ? '' : `-${randomBytes(6).toString('hex')}`
      const key = `${SUPPORT_UPLOAD_PREFIX}/${ownerSegment(request.auth?.sub)}/${q.directory}/${base}${suffix}.${q.extension}`
      const url = await viaStorage(() =>
        storage.signedUploadUrl(key, { expiresInSeconds: URL_TTL_SECONDS, contentType, maxBytes }),
      )
      await app.ctx.db
        .insert(t.uploadSlots)
        .values({ key, userId: request.auth?.sub ?? null, contentType, maxBytes })
        .onConflictDoUpdate({
          target: t.uploadSlots.key,
          set: { contentType, maxBytes, createdAt: new Date() },
        })
      return ok({
        url,
        method: 'PUT' as const,
        key,
        content_type: contentType,
        headers: { 'content-type': contentType },
        max_bytes: maxBytes,
        expires_in: URL_TTL_SECONDS,
      })
    },
  )
}
