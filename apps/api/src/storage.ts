import type { Readable } from 'node:stream'

/**
 * What the API needs from object storage (structurally the `Storage` of @loa/storage: local files with
 * HMAC-signed URLs, or S3 presigned URLs).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3'
  put(key: string, body: Uint8Array | Readable, options?: { contentType?: string }): Promise<void>
  get(key: string): Promise<Readable>
  exists(key: string): Promise<boolean>
  delete(key: string): Promise<void>
  signedDownloadUrl(
    key: string,
    options?: { expiresInSeconds?: number; filename?: string; contentType?: string },
  ): Promise<string>
  signedUploadUrl(
    key: string,
    options?: { expiresInSeconds?: number; contentType?: string; maxBytes?: number },
  ): Promise<string>
  ping(): Promise<void>
}
