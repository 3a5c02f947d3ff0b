import { getWebConfig } from '@/lib/config'
import type { ApiDocument } from './openapi'

/** The public developer document, read from the API on the server at request time (always the running API's). */
export const fetchPublicDocument = async (): Promise<ApiDocument | undefined> => {
  try {
    const res = await fetch(`${getWebConfig().apiInternalUrl}/api/v1/openapi.json`, { cache: 'no-store' })
    return res.ok ? ((await res.json()) as ApiDocument) : undefined
  } catch {
    return undefined
  }
}
