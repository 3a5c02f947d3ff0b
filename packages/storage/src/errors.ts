/** Stable error codes of the storage layer (the api answers them in its JSON error shape). */
export const StorageErrorCode = {
  FILE_KEY_INVALID: 'FILE_KEY_INVALID',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FILE_URL_INVALID: 'FILE_URL_INVALID',
  FILE_URL_EXPIRED: 'FILE_URL_EXPIRED',
  FILE_CONTENT_TYPE_MISMATCH: 'FILE_CONTENT_TYPE_MISMATCH',
  FILE_RANGE_INVALID: 'FILE_RANGE_INVALID',
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
} as const
export type StorageErrorCode = (typeof StorageErrorCode)[keyof typeof StorageErrorCode]

const STATUS: Record<StorageErrorCode, number> = {
  FILE_KEY_INVALID: 400,
  FILE_NOT_FOUND: 404,
  FILE_TOO_LARGE: 413,
  FILE_URL_INVALID: 403,
  FILE_URL_EXPIRED: 403,
  FILE_CONTENT_TYPE_MISMATCH: 415,
  FILE_RANGE_INVALID: 416,
  STORAGE_UNAVAILABLE: 503,
}

export class StorageError extends Error {
  readonly httpStatus: number
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'StorageError'
    this.httpStatus = STATUS[code]
  }
}
