import type { Readable } from 'node:stream'

/** Object storage: local files (embedded) or S3 (scale mode). Keys are `/`-separated, no leading slash. */
export interface Storage {
  readonly kind: 'local' | 's3'
  put(key: string, body: Uint8Array | Readable, options?: { contentType?: string }): Promise<void>
  get(key: string): Promise<Readable>
  /** Whole object as bytes (small objects only). */
  getBytes(key: string): Promise<Uint8Array>
  exists(key: string): Promise<boolean>
  delete(key: string): Promise<void>
  /** Expiring URL a browser can GET; `filename` sets Content-Disposition. */
  signedDownloadUrl(
    key: string,
    options?: { expiresInSeconds?: number; filename?: string; contentType?: string },
  ): Promise<string>
  /** Expiring URL a browser can PUT the object to. */
  signedUploadUrl(
    key: string,
    options?: { expiresInSeconds?: number; contentType?: string; maxBytes?: number },
  ): Promise<string>
  /** Reachability for /readyz. */
  ping(): Promise<void>
}
