import { createHmac, timingSafeEqual } from 'node:crypto'
import { StorageError, StorageErrorCode } from './errors.ts'
import { assertValidKey, encodeKeyPath } from './keys.ts'

export type SignedOperation = 'get' | 'put'

export interface SignedUrlClaims {
  op: SignedOperation
  key: string
  /** Unix seconds. */
  expires: number
  filename?: string
  contentType?: string
  maxBytes?: number
}

const canonical = (c: SignedUrlClaims): string =>
  [c.op, c.key, c.expires, c.filename ?? '', c.contentType ?? '', c.maxBytes ?? ''].join('\n')

const sign = (secret: string, claims: SignedUrlClaims): string =>
  createHmac('sha256', secret).update(canonical(claims)).digest('base64url')

/** Builds `<baseUrl>/<key>?op=…&exp=…&sig=…` (plus the optional signed parameters). */
export const createSignedUrl = (baseUrl: string, secret: string, claims: SignedUrlClaims): string => {
  assertValidKey(claims.key)
  const query = new URLSearchParams({ op: claims.op, exp: String(claims.expires) })
  if (claims.filename) query.set('fn', claims.filename)
  if (claims.contentType) query.set('ct', claims.contentType)
  if (claims.maxBytes !== undefined) query.set('max', String(claims.maxBytes))
  query.set('sig', sign(secret, claims))
  return `${baseUrl.replace(/\/+$/, '')}/${encodeKeyPath(claims.key)}?${query.toString()}`
}

/**
 * Checks a signed file URL: `key` is the decoded path after the files prefix, `query` its query string
 * parameters, `op` what the request does (GET/HEAD → 'get', PUT → 'put'). Returns the signed claims or
 * throws a StorageError (FILE_URL_INVALID, FILE_URL_EXPIRED, FILE_KEY_INVALID).
 */
export const verifySignedUrl = (
  secret: string,
  op: SignedOperation,
  key: string,
  query: Record<string, string | undefined> | URLSearchParams,
  nowMs: number = Date.now(),
): SignedUrlClaims => {
  assertValidKey(key)
  const get = (name: string) =>
    query instanceof URLSearchParams ? (query.get(name) ?? undefined) : query[name]
  const signature = get('sig')
  const expires = Number(get('exp'))
  const maxRaw = get('max')
  if (!signature || get('op') !== op || !Number.isInteger(expires))
    throw new StorageError(StorageErrorCode.FILE_URL_INVALID, 'the file link is not valid for this request')
  const claims: SignedUrlClaims = {
    op,
    key,
    expires,
    ...(get('fn') ? { filename: get('fn') } : {}),
    ...(get('ct') ? { contentType: get('ct') } : {}),
    ...(maxRaw !== undefined ? { maxBytes: Number(maxRaw) } : {}),
  }
  const expected = Buffer.from(sign(secret, claims))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new StorageError(StorageErrorCode.FILE_URL_INVALID, 'the file link signature does not match')
  if (expires * 1000 < nowMs)
    throw new StorageError(StorageErrorCode.FILE_URL_EXPIRED, 'the file link has expired')
  return claims
}
