/**
 * The landing page's catalogue reads (sample voices, price list, news) kept in the web server's memory for a short
 * while: the landing is rendered per request (visitor data, host-dependent robots), but its catalogue changes
 * rarely, so most requests render without waiting on three API calls. A failed read is never kept.
 */
export const LANDING_CACHE_MS = 30_000

interface Entry<T> {
  value: Promise<T>
  expires: number
}

const entries = new Map<string, Entry<unknown>>()

export const cachedLandingRead = <T>(
  key: string,
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
  now: () => number = Date.now,
): Promise<T> => {
  const hit = entries.get(key) as Entry<T> | undefined
  if (hit && hit.expires > now()) return hit.value
  const value = load()
  entries.set(key, { value, expires: now() + LANDING_CACHE_MS })
  // Concurrent requests share the one call; a failure or an empty answer is dropped so the next request retries.
  value.then(
    (result) => {
      if (!keep(result)) entries.delete(key)
    },
    () => entries.delete(key),
  )
  return value
}

/** Forgets every kept read (tests). */
export const clearLandingCache = (): void => entries.clear()
