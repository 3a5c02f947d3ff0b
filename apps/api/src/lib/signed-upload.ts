import { AppError, CommonErrorCode } from '@loa/contracts'
import { app as t } from '@loa/db'
import type { Storage } from '@loa/storage'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ApiErrorCode } from '../errors.ts'
import { viaStorage } from './storage-errors.ts'

/**
 * Signed uploads, as the support tickets and the dubbing projects use them: the browser asks for an expiring URL,
 * PUTs one file to it (local signed URL or S3 presigned) and sends back the key. The upload slot recorded here
 * makes the file route take only that content type, up to that size.
 */

/** The fields of every upload-URL answer (an endpoint may add its own). */
export const uploadUrlFields = {
  url: z.string(),
  method: z.literal('PUT'),
  key: z.string(),
  headers: z.record(z.string(), z.string()),
  max_bytes: z.number(),
  expires_in: z.number(),
}

/** The storage uploads go to (503 SERVICE_UNAVAILABLE when none is configured). */
export const uploadStorage = (app: FastifyInstance): Storage => {
  const storage = app.ctx.storage
  if (!storage) throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'File storage is not configured', 503)
  return storage
}

/** The folder of a signed-in user's uploads under a prefix (`u-` + the id, base64url, at most 80 characters). */
export const uploadOwnerSegment = (userId: string): string =>
  `u-${Buffer.from(userId).toString('base64url').slice(0, 80)}`

/** 400 UNSUPPORTED_FILE_TYPE, listing what is accepted. */
export const unsupportedFileType = (extension: string, allowed: readonly string[]): AppError =>
  new AppError(ApiErrorCode.UNSUPPORTED_FILE_TYPE, `Files of type .${extension} are not accepted`, 400, {
    details: { allowed },
  })

/** 413 FILE_TOO_LARGE when the size the browser declared is over the limit. */
export const checkDeclaredSize = (size: number | undefined, maxBytes: number): void => {
  if (size !== undefined && size > maxBytes)
    throw new AppError(
      ApiErrorCode.FILE_TOO_LARGE,
      `Files larger than ${maxBytes} bytes are not accepted`,
      413,
    )
}

/** Signs a PUT URL for `key` and records its slot (asking again for the same key renews the slot). */
export const signUpload = async (
  app: FastifyInstance,
  storage: Storage,
  slot: { key: string; userId: string | null; contentType: string; maxBytes: number; ttlSeconds: number },
) => {
  const { key, contentType, maxBytes } = slot
  const url = await viaStorage(() =>
    storage.signedUploadUrl(key, { expiresInSeconds: slot.ttlSeconds, contentType, maxBytes }),
  )
  await app.ctx.db
    .insert(t.uploadSlots)
    .values({ key, userId: slot.userId, contentType, maxBytes })
    .onConflictDoUpdate({ target: t.uploadSlots.key, set: { contentType, maxBytes, createdAt: new Date() } })
  return {
    url,
    method: 'PUT' as const,
    key,
    headers: { 'content-type': contentType },
    max_bytes: maxBytes,
    expires_in: slot.ttlSeconds,
  }
}
