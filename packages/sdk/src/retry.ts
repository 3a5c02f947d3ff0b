/** When a failed attempt may be tried again, and how long to wait first. */

/** 408 (timeout), 409 IDEMPOTENCY_KEY_IN_USE (the first call still runs), 429 and 5xx are worth another try. */
export const isRetryableStatus = (status: number, code?: string): boolean =>
  status === 408 || status === 429 || status >= 500 || (status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE')

/** `Retry-After` in milliseconds (seconds or an HTTP date), or undefined when absent or unreadable. */
export const retryAfterMs = (headers: Headers | undefined, now = Date.now()): number | undefined => {
  const value = headers?.get('retry-after')
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Exponential back-off with jitter: 0.5 s, 1 s, 2 s … capped at 8 s, each ×(0.75–1). */
export const backoffMs = (attempt: number, random = Math.random): number =>
  Math.min(8_000, 500 * 2 ** attempt) * (0.75 + random() * 0.25)

/** How long to wait before attempt `attempt + 1`: the server's Retry-After (capped at 60 s) or the back-off. */
export const delayBeforeRetry = (attempt: number, headers?: Headers): number =>
  Math.min(60_000, retryAfterMs(headers) ?? backoffMs(attempt))

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
