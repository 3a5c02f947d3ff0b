import type { Storage } from '@loa/storage'

/**
 * The `writeFile` a seed needs for voice samples: stores the bytes and answers the public media URL the
 * catalogue links to (`${API_PUBLIC_URL}/api/v1/media/<key>`). `loa serve all` / `loa seed` pass it as
 * `seedAll({ db, options: { writeFile: createSampleFileWriter(storage, config.publicUrl) } })`.
 */
export const createSampleFileWriter =
  (storage: Storage, apiPublicUrl: string) =>
  async (key: string, bytes: Uint8Array, contentType: string): Promise<string> => {
    await storage.put(key, bytes, { contentType })
    return `${apiPublicUrl.replace(/\/+$/, '')}/api/v1/media/${key}`
  }
