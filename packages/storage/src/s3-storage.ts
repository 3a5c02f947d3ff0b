import { Readable } from 'node:stream'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { StorageError, StorageErrorCode } from './errors.ts'
import { assertValidKey } from './keys.ts'
import { byteLimit } from './limits.ts'
import type { Storage } from './types.ts'

export interface S3StorageOptions {
  endpoint?: string
  bucket: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  /** Path-style URLs (`endpoint/bucket/key`); needed by most S3-compatible servers. */
  forcePathStyle?: boolean
  /** Largest object accepted by `put` (default 200 MiB). */
  maxObjectBytes?: number
  defaultExpiresInSeconds?: number
  /** Create the bucket at `ping`/first use when it is missing (tests, first start). */
  createBucket?: boolean
  /** Fail-fast bounds (issue 37); the defaults answer a dead S3 within about 2 s. */
  timeouts?: Partial<S3Timeouts>
}

export interface S3Timeouts {
  /** Connecting to the endpoint. */
  connectMs: number
  /** Silence on the socket (no byte sent or received): a large upload or download that moves is never cut. */
  idleMs: number
  /** Tries per request, the first included (the SDK's retry of timeouts and 5xx). */
  attempts: number
}

/** Two tries of at most 0.5 s to connect and 0.8 s of silence each, plus the SDK's backoff: a dead S3 (down,
 * or accepting and never answering) is STORAGE_UNAVAILABLE in about 1.6–1.9 s instead of never. */
export const S3_TIMEOUTS: S3Timeouts = { connectMs: 500, idleMs: 800, attempts: 2 }

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)

const contentDisposition = (filename: string): string =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`

/**
 * S3 or any S3-compatible server (scale mode). Downloads and uploads go straight between the browser and
 * S3 through presigned GET/PUT URLs (SigV4, query-string auth). A presigned PUT cannot cap the size, so
 * `maxBytes` is checked by the caller after upload (`exists` + HEAD) — record the expected size.
 */
export const createS3Storage = (
  options: S3StorageOptions,
): Storage & { client: S3Client; bucket: string } => {
  const timeouts = { ...S3_TIMEOUTS, ...options.timeouts }
  const client = new S3Client({
    region: options.region,
    maxAttempts: timeouts.attempts,
    requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  })
  const Bucket = options.bucket
  const maxObjectBytes = options.maxObjectBytes ?? 200 * 1024 * 1024
  const defaultExpires = options.defaultExpiresInSeconds ?? 3600
  let bucketReady: Promise<void> | undefined

  const ensureBucket = (): Promise<void> => {
    if (!options.createBucket) return Promise.resolve()
    bucketReady ??= (async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
      } catch (error) {
        if (!isMissing(error)) throw error
        await client.send(new CreateBucketCommand({ Bucket }))
      }
    })().catch((error: unknown) => {
      bucketReady = undefined
      throw error
    })
    return bucketReady
  }

  const unavailable = (error: unknown) =>
    error instanceof StorageError
      ? error
      : new StorageError(
          StorageErrorCode.STORAGE_UNAVAILABLE,
          `S3 request failed: ${(error as Error).message}`,
          {
            cause: error,
          },
        )

  const getObject = async (key: string) => {
    assertValidKey(key)
    await ensureBucket()
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }))
    } catch (error) {
      if (isMissing(error)) throw new StorageError(StorageErrorCode.FILE_NOT_FOUND, `no file '${key}'`)
      throw unavailable(error)
    }
  }

  return {
    kind: 's3',
    client,
    bucket: Bucket,
    put: async (key, body, putOptions = {}) => {
      assertValidKey(key)
      await ensureBucket()
      let bytes: Uint8Array
      if (body instanceof Uint8Array) {
        if (body.byteLength > maxObjectBytes)
          throw new StorageError(
            StorageErrorCode.FILE_TOO_LARGE,
            `the file is larger than ${maxObjectBytes} bytes`,
          )
        bytes = body
      } else {
        const chunks: Buffer[] = []
        for await (const chunk of body.pipe(byteLimit(maxObjectBytes))) chunks.push(chunk as Buffer)
        bytes = Buffer.concat(chunks)
      }
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: putOptions.contentType ?? 'application/octet-stream',
          }),
        )
      } catch (error) {
        throw unavailable(error)
      }
    },
    get: async (key) => {
      const object = await getObject(key)
      return object.Body as Readable
    },
    getBytes: async (key) => {
      const object = await getObject(key)
      return await object.Body!.transformToByteArray()
    },
    exists: async (key) => {
      assertValidKey(key)
      await ensureBucket()
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw unavailable(error)
      }
    },
    delete: async (key) => {
      assertValidKey(key)
      await ensureBucket()
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
      } catch (error) {
        if (!isMissing(error)) throw unavailable(error)
      }
    },
    signedDownloadUrl: async (key, urlOptions = {}) => {
      assertValidKey(key)
      await ensureBucket()
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(urlOptions.filename
            ? { ResponseContentDisposition: contentDisposition(urlOptions.filename) }
            : {}),
          ...(urlOptions.contentType ? { ResponseContentType: urlOptions.contentType } : {}),
        }),
        { expiresIn: urlOptions.expiresInSeconds ?? defaultExpires },
      )
    },
    signedUploadUrl: async (key, urlOptions = {}) => {
      assertValidKey(key)
      await ensureBucket()
      return getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: key,
          ...(urlOptions.contentType ? { ContentType: urlOptions.contentType } : {}),
        }),
        { expiresIn: urlOptions.expiresInSeconds ?? defaultExpires },
      )
    },
    ping: async () => {
      await ensureBucket()
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
      } catch (error) {
        throw unavailable(error)
      }
    },
  }
}

/** Readable from bytes, for callers that need a stream. */
export const readableFrom = (bytes: Uint8Array): Readable => Readable.from([Buffer.from(bytes)])
