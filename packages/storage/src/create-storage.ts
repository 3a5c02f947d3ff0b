import path from 'node:path'
import { createLocalStorage, type LocalStorage } from './local-storage.ts'
import { createS3Storage } from './s3-storage.ts'
import type { Storage } from './types.ts'

export interface StorageConfig {
  /** `$DATA_DIR`; local files live in `$DATA_DIR/files`. */
  dataDir: string
  /** FILE_SIGNING_SECRET (local files). */
  fileSigningSecret: string
  /** API_PUBLIC_URL: signed local URLs point at `${apiPublicUrl}/api/v1/files/...`. */
  apiPublicUrl: string
  maxObjectBytes?: number
  /** S3 settings; when `bucket` is set, S3 is used instead of local files. */
  s3?: {
    endpoint?: string
    bucket?: string
    region: string
    accessKeyId?: string
    secretAccessKey?: string
    forcePathStyle?: boolean
    createBucket?: boolean
  }
}

/** Picks the adapter by configuration: S3 when a bucket is configured, otherwise local files. */
export const createStorage = (config: StorageConfig): Storage =>
  config.s3?.bucket
    ? createS3Storage({ ...config.s3, bucket: config.s3.bucket, maxObjectBytes: config.maxObjectBytes })
    : createLocalStorage({
        root: path.join(config.dataDir, 'files'),
        signingSecret: config.fileSigningSecret,
        publicBaseUrl: `${config.apiPublicUrl.replace(/\/+$/, '')}/api/v1/files`,
        maxObjectBytes: config.maxObjectBytes,
      })

/** Narrows a Storage to the local adapter (the api mounts file routes only then). */
export const isLocalStorage = (storage: Storage): storage is LocalStorage => storage.kind === 'local'
