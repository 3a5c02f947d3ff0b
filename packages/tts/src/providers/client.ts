/**
 * One client per configured provider: a concurrency limit (requests beyond it wait their turn), a time limit
 * per request, retries with back-off on 429/5xx/network errors honouring `Retry-After`, and a circuit breaker
 * (after `breaker_failures` failed requests in a row the provider is paused for `breaker_pause_ms`; its voices
 * say so and fail at once with PROVIDER_UNAVAILABLE). Errors are coded TtsErrors; messages never carry the key.
 */
import { TtsError } from '../errors.ts'
import type { ProviderConfig, ProviderHttp } from './types.ts'

export type ProviderState = 'available' | 'paused'

/** Longest wait Loa honours from a Retry-After before giving up on a retry. */
const MAX_RETRY_AFTER_MS = 30_000
const BACKOFF_BASE_MS = 500
const BACKOFF_CAP_MS = 8_000

const aborted = (): TtsError => new TtsError('TTS_ABORTED', 'synthesis was cancelled')

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; undefined when absent or unreadable. */
export const retryAfterMs = (headers: Headers, now = Date.now()): number | undefined => {
  const ms = Number(headers.get('retry-after-ms') ?? NaN)
  if (Number.isFinite(ms) && ms >= 0) return ms
  const value = headers.get('retry-after')
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** The provider's own words about a failure, from the error bodies the providers document (trimmed). */
export const providerMessage = (body: string): string => {
  try {
    const json = JSON.parse(body) as Record<string, unknown>
    const error = json.error as Record<string, unknown> | undefined
    const detail = json.detail as Record<string, unknown> | Record<string, unknown>[] | undefined
    const found =
      error?.message ??
      (Array.isArray(detail) ? detail[0]?.msg : (detail?.message ?? detail?.error)) ??
      json.message
    if (typeof found === 'string' && found !== '') return found.slice(0, 300)
  } catch {
    // Not JSON: the text itself.
  }
  return body.trim().slice(0, 300)
}

const codeFor = (status: number): TtsError['code'] =>
  status === 401 || status === 403
    ? 'PROVIDER_AUTH_FAILED'
    : status === 429
      ? 'PROVIDER_RATE_LIMITED'
      : status >= 500 || status === 408
        ? 'PROVIDER_UNAVAILABLE'
        : 'PROVIDER_REJECTED'

const retryable = (status: number): boolean => status === 408 || status === 429 || status >= 500

export interface ProviderClient {
  readonly config: ProviderConfig
  state(): ProviderState
  /** Until when a paused provider stays paused (epoch ms). */
  pausedUntil(): number | undefined
  /** Requests running now / waiting for a slot. */
  load(): { running: number; waiting: number }
  /**
   * Runs one provider request in a concurrency slot: `work` gets an http bound to the request's time limit and
   * the caller's signal; the slot is held until `work` settles (its audio fully read).
   */
  run<T>(signal: AbortSignal | undefined, work: (http: ProviderHttp) => Promise<T>): Promise<T>
}

export const createProviderClient = (
  config: ProviderConfig,
  onStateChange?: (id: string, state: ProviderState) => void,
): ProviderClient => {
  let running = 0
  const queue: (() => void)[] = []
  let failures = 0
  let openUntil: number | undefined

  const state = (): ProviderState =>
    openUntil !== undefined && Date.now() < openUntil ? 'paused' : 'available'

  const acquire = (signal: AbortSignal | undefined): Promise<void> => {
    if (running < config.concurrency) {
      running++
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort)
        running++
        resolve()
      }
      const onAbort = (): void => {
        const i = queue.indexOf(grant)
        if (i >= 0) queue.splice(i, 1)
        reject(aborted())
      }
      if (signal?.aborted) return reject(aborted())
      signal?.addEventListener('abort', onAbort, { once: true })
      queue.push(grant)
    })
  }

  const release = (): void => {
    running--
    queue.shift()?.()
  }

  const recordOutcome = (error: unknown): void => {
    const wasPaused = openUntil !== undefined
    if (error === undefined) {
      failures = 0
      openUntil = undefined
      if (wasPaused) onStateChange?.(config.id, 'available')
      return
    }
    // The request's own fault (or the caller's cancel) says nothing about the provider's health.
    if (error instanceof TtsError && (error.code === 'PROVIDER_REJECTED' || error.code === 'TTS_ABORTED'))
      return
    if (error instanceof TtsError && error.code === 'PROVIDER_RATE_LIMITED') return
    failures++
    if (failures >= config.breaker_failures) {
      openUntil = Date.now() + config.breaker_pause_ms
      onStateChange?.(config.id, 'paused')
    }
  }

  const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(aborted())
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      const onAbort = (): void => {
        clearTimeout(timer)
        reject(aborted())
      }
      signal.addEventListener('abort', onAbort, { once: true })
    })

  const httpFor = (caller: AbortSignal | undefined, dog: Watchdog): ProviderHttp => {
    const timeout = dog.signal
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout
    const failed = (error: unknown): TtsError => {
      if (error instanceof TtsError) return error
      if (caller?.aborted) return aborted()
      if (timeout.aborted)
        return new TtsError('PROVIDER_UNAVAILABLE', `${config.id}: no answer within ${config.timeout_ms} ms`)
      return new TtsError(
        'PROVIDER_UNAVAILABLE',
        `${config.id}: cannot be reached (${(error as Error).message})`,
      )
    }
    return {
      config,
      signal,
      sleep: (ms) => sleep(ms, signal).catch((e: unknown) => Promise.reject(failed(e))),
      async send(url, init) {
        for (let attempt = 0; ; attempt++) {
          // Each attempt has the whole time limit (a retry's wait is not counted).
          dog.touch()
          let response: Response
          try {
            response = await fetch(url, { ...init, signal })
          } catch (error) {
            const coded = failed(error)
            if (coded.code !== 'PROVIDER_UNAVAILABLE' || timeout.aborted || attempt >= config.max_retries)
              throw coded
            dog.stop()
            await sleep(backoff(attempt), signal).catch((e: unknown) => Promise.reject(failed(e)))
            continue
          }
          if (response.ok) return watched(response, dog)
          const body = await response.text().catch(() => '')
          const wait = retryAfterMs(response.headers)
          const code = codeFor(response.status)
          if (
            retryable(response.status) &&
            attempt < config.max_retries &&
            (wait ?? 0) <= MAX_RETRY_AFTER_MS
          ) {
            dog.stop()
            await sleep(wait ?? backoff(attempt), signal).catch((e: unknown) => Promise.reject(failed(e)))
            continue
          }
          throw new TtsError(code, `${config.id} answered ${response.status}: ${providerMessage(body)}`)
        }
      },
    }
  }

  return {
    config,
    state,
    pausedUntil: () => (state() === 'paused' ? openUntil : undefined),
    load: () => ({ running, waiting: queue.length }),
    async run(signal, work) {
      if (state() === 'paused')
        throw new TtsError(
          'PROVIDER_UNAVAILABLE',
          `${config.id} is paused after repeated failures until ${new Date(openUntil!).toISOString()}`,
        )
      await acquire(signal)
      const dog = watchdog(config.timeout_ms)
      const timeout = dog.signal
      const http = httpFor(signal, dog)
      try {
        const result = await work(http)
        recordOutcome(undefined)
        return result
      } catch (error) {
        const coded =
          error instanceof TtsError
            ? error
            : signal?.aborted
              ? aborted()
              : timeout.aborted
                ? new TtsError(
                    'PROVIDER_UNAVAILABLE',
                    `${config.id}: no answer within ${config.timeout_ms} ms`,
                  )
                : new TtsError('PROVIDER_UNAVAILABLE', `${config.id}: ${(error as Error).message}`)
        recordOutcome(coded)
        throw coded
      } finally {
        dog.stop()
        release()
      }
    },
  }
}

interface Watchdog {
  signal: AbortSignal
  /** Starts the time limit again (an attempt starts, the answer or a piece of audio arrived). */
  touch(): void
  stop(): void
}

/**
 * The provider's time limit: aborts when `ms` pass with no answer, or with no audio while it streams — a long text
 * that keeps coming is not cut, a stalled one is. Adapters that poll (FPT) do not touch it: it bounds their wait.
 */
const watchdog = (ms: number): Watchdog => {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const stop = (): void => clearTimeout(timer)
  const touch = (): void => {
    stop()
    if (!controller.signal.aborted) timer = setTimeout(() => controller.abort(), ms)
  }
  touch()
  return { signal: controller.signal, touch, stop }
}

/** A 2xx response whose body touches the watchdog with every chunk. */
const watched = (response: Response, dog: Watchdog): Response => {
  dog.touch()
  if (!response.body) return response
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        dog.touch()
        controller.enqueue(chunk)
      },
    }),
  )
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

/** 0.5 s × 2^n, capped at 8 s, with up to 25 % jitter (as the OpenAI SDK). */
const backoff = (attempt: number): number =>
  Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt) * (1 - Math.random() * 0.25)
