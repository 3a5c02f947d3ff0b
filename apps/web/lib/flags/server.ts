import { createHttpClient } from '../http/client'
import { getWebConfig } from '../config'

/** How long the page start waits for the flags service before going on without it. */
const PAGE_START_TIMEOUT_MS = 2_000

/**
 * Reads one flag's `defaultValue` from the features payload on the server at page start (spec §7 feature service):
 * `features[name].defaultValue`; any failure gives undefined.
 */
export const readServerFlagDefault = async (name: string): Promise<unknown> => {
  const { flagsInternalUrl, public: config } = getWebConfig()
  try {
    const http = createHttpClient(flagsInternalUrl, { timeoutMs: PAGE_START_TIMEOUT_MS })
    const payload = await http.request<{ features?: Record<string, { defaultValue?: unknown }> }>(
      'GET',
      `/api/features/${encodeURIComponent(config.flagsClientKey)}`,
      { rawKeys: true },
    )
    return payload.features?.[name]?.defaultValue
  } catch {
    return undefined
  }
}
