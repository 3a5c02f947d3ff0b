import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'

/** A URL-safe random token with `bytes` bytes of entropy (default 256 bits). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

export const newId = (): string => randomUUID()

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url')

export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('base64url')

/** Constant-time string comparison (hashes both sides so lengths never leak). */
export const constantEquals = (a: string, b: string): boolean => {
  const ha = createHash('sha256').update(a).digest()
  const hb = createHash('sha256').update(b).digest()
  return timingSafeEqual(ha, hb) && a.length === b.length
}
