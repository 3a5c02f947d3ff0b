export type { Storage } from './types.ts'
export * from './errors.ts'
export { assertValidKey, encodeKeyPath, MAX_KEY_LENGTH } from './keys.ts'
export { createSignedUrl, verifySignedUrl, type SignedOperation, type SignedUrlClaims } from './signing.ts'
export {
  createLocalStorage,
  type LocalStorage,
  type LocalStorageOptions,
  type ObjectMeta,
} from './local-storage.ts'
export { createS3Storage, type S3StorageOptions } from './s3-storage.ts'
export { handleFileRequest, fileErrorResponse, type FileRequest, type FileResponse } from './file-routes.ts'
export { createStorage, isLocalStorage, type StorageConfig } from './create-storage.ts'
