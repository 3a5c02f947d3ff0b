import { LoaTimeoutError } from './errors.ts'
import { sleep } from './retry.ts'

export interface PollOptions {
  /** Milliseconds between two reads (default 1 000). */
  intervalMs?: number
  /** Give up (`LoaTimeoutError`) after this many milliseconds (default 10 minutes). */
  timeoutMs?: number
  /** Stops polling; the promise rejects with the signal's reason. */
  signal?: AbortSignal
}

/** Reads `read()` until `done(value)`, then answers that value. */
export const pollUntil = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: PollOptions = {},
): Promise<T> => {
  const until = Date.now() + (options.timeoutMs ?? 600_000)
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() >= until) throw new LoaTimeoutError('Still in progress when the polling timed out')
    await sleep(options.intervalMs ?? 1_000, options.signal)
  }
}
