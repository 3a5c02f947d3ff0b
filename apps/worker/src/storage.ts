import { resolveFileSigningSecret } from '@loa/service-kit'
import { createStorage, type Storage } from '@loa/storage'
import type { WorkerConfig } from './config.ts'

/** The storage adapter for this configuration: S3 when S3_BUCKET is set, local files otherwise. */
export const createWorkerStorage = (config: WorkerConfig): Storage =>
  createStorage({
    dataDir: config.dataDir,
    apiPublicUrl: config.apiPublicUrl,
    maxObjectBytes: config.maxObjectBytes,
    fileSigningSecret: config.s3 ? '' : resolveFileSigningSecret(config),
    s3: config.s3,
  })
