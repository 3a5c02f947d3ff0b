import type { Readable } from 'node:stream'
import { StorageError, StorageErrorCode } from './errors.ts'
import type { LocalStorage } from './local-storage.ts'
import { verifySignedUrl } from './signing.ts'

export interface FileRequest {
  method: string
  /** The decoded object key: the request path after the files prefix. */
  key: string
  query: Record<string, string | undefined> | URLSearchParams
  headers: Record<string, string | string[] | undefined>
  /** The request body stream (PUT). */
  body?: Readable
}

export interface FileResponse {
  status: number
  headers: Record<string, string>
  /** A stream (GET), a JSON object (PUT success and errors), or nothing (HEAD). */
  body?: Readable | Record<string, unknown>
}

const header = (headers: FileRequest['headers'], name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

const contentDisposition = (filename: string): string =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`

const parseRange = (value: string, size: number): { start: number; end: number } => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim())
  if (!match || (match[1] === '' && match[2] === ''))
    throw new StorageError(StorageErrorCode.FILE_RANGE_INVALID, `unsupported range '${value}'`)
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start > end || start >= size)
    throw new StorageError(StorageErrorCode.FILE_RANGE_INVALID, `range '${value}' is outside the file`)
  return { start, end }
}

/** The api's JSON error shape for a storage error (5xx details are not sent). */
export const fileErrorResponse = (error: unknown): FileResponse => {
  const known = error instanceof StorageError
  return {
    status: known ? error.httpStatus : 500,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: {
      status: 0,
      error_code: known ? error.code : 'INTERNAL_ERROR',
      error_message: known ? error.message : 'Internal server error',
    },
  }
}

/**
 * Serves one request to a signed local-file URL, independent of the HTTP framework:
 * GET/HEAD stream the object (with `Range` support, so audio players can seek), PUT stores the body
 * within the size limit and content type signed into the URL. Every failure is a JSON error with a stable
 * code (FILE_URL_INVALID, FILE_URL_EXPIRED, FILE_NOT_FOUND, FILE_TOO_LARGE, FILE_CONTENT_TYPE_MISMATCH,
 * FILE_KEY_INVALID, FILE_RANGE_INVALID).
 */
export const handleFileRequest = async (
  storage: LocalStorage,
  request: FileRequest,
): Promise<FileResponse> => {
  try {
    const method = request.method.toUpperCase()
    if (method === 'GET' || method === 'HEAD') {
      const claims = verifySignedUrl(storage.signingSecret, 'get', request.key, request.query)
      const meta = await storage.meta(request.key)
      const headers: Record<string, string> = {
        'content-type': claims.contentType ?? meta.contentType,
        'accept-ranges': 'bytes',
        'cache-control': 'private, max-age=300',
        'x-content-type-options': 'nosniff',
      }
      if (claims.filename) headers['content-disposition'] = contentDisposition(claims.filename)
      const rangeHeader = header(request.headers, 'range')
      if (rangeHeader && meta.size > 0) {
        const { start, end } = parseRange(rangeHeader, meta.size)
        headers['content-range'] = `bytes ${start}-${end}/${meta.size}`
        headers['content-length'] = String(end - start + 1)
        return {
          status: 206,
          headers,
          body: method === 'HEAD' ? undefined : await storage.getRange(request.key, start, end),
        }
      }
      headers['content-length'] = String(meta.size)
      return { status: 200, headers, body: method === 'HEAD' ? undefined : await storage.get(request.key) }
    }
    if (method === 'PUT') {
      const claims = verifySignedUrl(storage.signingSecret, 'put', request.key, request.query)
      const given = header(request.headers, 'content-type')?.split(';')[0]?.trim()
      if (claims.contentType && given !== claims.contentType)
        throw new StorageError(
          StorageErrorCode.FILE_CONTENT_TYPE_MISMATCH,
          `this link accepts content type '${claims.contentType}' only`,
        )
      const maxBytes = Math.min(claims.maxBytes ?? storage.maxObjectBytes, storage.maxObjectBytes)
      const length = Number(header(request.headers, 'content-length'))
      if (Number.isFinite(length) && length > maxBytes)
        throw new StorageError(StorageErrorCode.FILE_TOO_LARGE, `the file is larger than ${maxBytes} bytes`)
      if (!request.body) throw new StorageError(StorageErrorCode.FILE_URL_INVALID, 'the upload has no body')
      const meta = await storage.putLimited(
        request.key,
        request.body,
        claims.contentType ?? given ?? 'application/octet-stream',
        maxBytes,
      )
      return {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: { status: 1, result: { key: request.key, size: meta.size, content_type: meta.contentType } },
      }
    }
    return {
      status: 405,
      headers: { 'content-type': 'application/json; charset=utf-8', allow: 'GET, HEAD, PUT' },
      body: {
        status: 0,
        error_code: 'METHOD_NOT_ALLOWED',
        error_message: `${method} is not allowed on files`,
      },
    }
  } catch (error) {
    return fileErrorResponse(error)
  }
}
