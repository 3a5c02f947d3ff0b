import { StorageError, StorageErrorCode } from './errors.ts'

const SEGMENT = /^[A-Za-z0-9_@=+-][A-Za-z0-9_.@=+-]*$/
export const MAX_KEY_LENGTH = 512

/**
 * Keys are `/`-separated relative paths of safe segments: no leading slash, no empty, `.` or `..`
 * segment, no segment starting with a dot, no backslashes or control characters. This is what keeps local
 * storage inside its directory, so every adapter enforces it (keys then mean the same everywhere).
 */
export const assertValidKey = (key: string): void => {
  const ok =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    key.split('/').every((segment) => SEGMENT.test(segment))
  if (!ok)
    throw new StorageError(
      StorageErrorCode.FILE_KEY_INVALID,
      `invalid storage key '${String(key).slice(0, 80)}': use a/b/c.ext with letters, digits and _ . @ = + -`,
    )
}

/** Encodes a key for a URL path, segment by segment (slashes stay). */
export const encodeKeyPath = (key: string): string => key.split('/').map(encodeURIComponent).join('/')
