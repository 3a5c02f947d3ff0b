import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile, access } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StorageError, StorageErrorCode } from './errors.ts'
import { assertValidKey } from './keys.ts'
import { byteLimit } from './limits.ts'
import { createSignedUrl } from './signing.ts'
import type { Storage } from './types.ts'

export interface LocalStorageOptions {
  /** Directory holding the files (`$DATA_DIR/files`). */
  root: string
  /** HMAC secret of the signed URLs (FILE_SIGNING_SECRET). */
  signingSecret: string
  /** Public base URL of the file routes, e.g. `http://localhost:4000/api/v1/files`. */
  publicBaseUrl: string
  /** Largest object accepted by `put` and by signed uploads (default 200 MiB). */
  maxObjectBytes?: number
  /** Default lifetime of signed URLs (default 1 hour). */
  defaultExpiresInSeconds?: number
}

export interface ObjectMeta {
  contentType: string
  size: number
}

export interface LocalStorage extends Storage {
  readonly kind: 'local'
  readonly signingSecret: string
  readonly maxObjectBytes: number
  /** Content type and size of a stored object (FILE_NOT_FOUND if absent). */
  meta: (key: string) => Promise<ObjectMeta>
  /** A byte range [start, end] (inclusive) of an object. */
  getRange: (key: string, start: number, end: number) => Promise<Readable>
  /** Stores a body with a size limit (signed uploads use the limit signed into the URL). */
  putLimited: (
    key: string,
    body: Uint8Array | Readable,
    contentType: string,
    maxBytes: number,
  ) => Promise<ObjectMeta>
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

/**
 * Files under one directory with HMAC-signed, expiring download and upload URLs that the api serves at
 * `/api/v1/files/<key>` (see `registerFileRoutes`). Writes go to a temporary file renamed into place, so a
 * reader never sees half an object. Content type and size live in a sidecar under `.meta/`.
 */
export const createLocalStorage = (options: LocalStorageOptions): LocalStorage => {
  const root = path.resolve(options.root)
  const metaRoot = path.join(root, '.meta')
  const tmpRoot = path.join(root, '.tmp')
  const maxObjectBytes = options.maxObjectBytes ?? 200 * 1024 * 1024
  const defaultExpires = options.defaultExpiresInSeconds ?? 3600
  if (options.signingSecret.length < 16)
    throw new Error('the file signing secret must have at least 16 characters')

  const fileOf = (key: string): string => {
    assertValidKey(key)
    const file = path.resolve(root, key)
    // Defence in depth: assertValidKey already rules out '..' and absolute paths.
    if (!file.startsWith(root + path.sep))
      throw new StorageError(StorageErrorCode.FILE_KEY_INVALID, `invalid storage key '${key}'`)
    return file
  }
  const metaOf = (key: string) => path.join(metaRoot, `${key}.json`)

  const notFound = (key: string, cause?: unknown) =>
    new StorageError(StorageErrorCode.FILE_NOT_FOUND, `no file '${key}'`, { cause })

  const meta = async (key: string): Promise<ObjectMeta> => {
    const file = fileOf(key)
    let size: number
    try {
      size = (await stat(file)).size
    } catch (error) {
      throw notFound(key, error)
    }
    try {
      const stored = JSON.parse(await readFile(metaOf(key), 'utf8')) as Partial<ObjectMeta>
      return { contentType: stored.contentType ?? DEFAULT_CONTENT_TYPE, size }
    } catch {
      return { contentType: DEFAULT_CONTENT_TYPE, size }
    }
  }

  const putLimited = async (
    key: string,
    body: Uint8Array | Readable,
    contentType: string,
    maxBytes: number,
  ): Promise<ObjectMeta> => {
    const file = fileOf(key)
    await mkdir(tmpRoot, { recursive: true })
    const tmp = path.join(tmpRoot, randomUUID())
    const limit = byteLimit(Math.min(maxBytes, maxObjectBytes))
    try {
      const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body
      await pipeline(source, limit, createWriteStream(tmp))
      await mkdir(path.dirname(file), { recursive: true })
      await mkdir(path.dirname(metaOf(key)), { recursive: true })
      await writeFile(metaOf(key), JSON.stringify({ contentType }))
      await rename(tmp, file)
      return { contentType, size: limit.bytes() }
    } catch (error) {
      await rm(tmp, { force: true })
      throw error
    }
  }

  const open = async (key: string, range?: { start: number; end: number }): Promise<Readable> => {
    const file = fileOf(key)
    try {
      await access(file)
    } catch (error) {
      throw notFound(key, error)
    }
    return createReadStream(file, range)
  }

  return {
    kind: 'local',
    signingSecret: options.signingSecret,
    maxObjectBytes,
    meta,
    putLimited,
    getRange: (key, start, end) => open(key, { start, end }),
    put: async (key, body, putOptions = {}) => {
      await putLimited(key, body, putOptions.contentType ?? DEFAULT_CONTENT_TYPE, maxObjectBytes)
    },
    get: (key) => open(key),
    getBytes: async (key) => {
      try {
        return new Uint8Array(await readFile(fileOf(key)))
      } catch (error) {
        if (error instanceof StorageError) throw error
        throw notFound(key, error)
      }
    },
    exists: async (key) => {
      try {
        return (await stat(fileOf(key))).isFile()
      } catch (error) {
        if (error instanceof StorageError) throw error
        return false
      }
    },
    delete: async (key) => {
      await rm(fileOf(key), { force: true })
      await rm(metaOf(key), { force: true })
    },
    signedDownloadUrl: async (key, urlOptions = {}) =>
      createSignedUrl(options.publicBaseUrl, options.signingSecret, {
        op: 'get',
        key,
        expires: Math.floor(Date.now() / 1000) + (urlOptions.expiresInSeconds ?? defaultExpires),
        filename: urlOptions.filename,
        contentType: urlOptions.contentType,
      }),
    signedUploadUrl: async (key, urlOptions = {}) =>
      createSignedUrl(options.publicBaseUrl, options.signingSecret, {
        op: 'put',
        key,
        expires: Math.floor(Date.now() / 1000) + (urlOptions.expiresInSeconds ?? defaultExpires),
        contentType: urlOptions.contentType,
        maxBytes: Math.min(urlOptions.maxBytes ?? maxObjectBytes, maxObjectBytes),
      }),
    ping: async () => {
      await mkdir(root, { recursive: true })
      await access(root)
    },
  }
}
