import {
  errorFromAnswer,
  LoaAbortError,
  LoaApiError,
  LoaConnectionError,
  LoaError,
  LoaTimeoutError,
} from './errors.ts'
import { delayBeforeRetry, isRetryableStatus, sleep } from './retry.ts'

/** A `WebSocket` constructor: the global one (browsers, Deno, Bun, Node 22+) or `ws`'s (Node 20). */
export type WebSocketLike = new (url: string) => WebSocket

export interface ClientOptions {
  /** The API's address, e.g. `https://api.example.vn` (no trailing `/v1`). */
  baseUrl: string
  /** The API app's token (`loa_…`), from the developer console. Omit in a browser that only opens stream tickets. */
  token?: string
  /** The API app's id, sent as `App-Id` (required by `/v1/tts`). */
  appId?: string
  /** Attempts after the first on 408, 429, 5xx and network errors (default 2). Creates retry only with a key. */
  maxRetries?: number
  /** Milliseconds a call may take in all, retries and waits included (default 60 000). */
  timeoutMs?: number
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch
  /** The `WebSocket` constructor for the text-in stream (default: the global one; in Node 20 pass `ws`). */
  WebSocket?: WebSocketLike
  /** Headers added to every call. */
  headers?: Record<string, string>
}

/** Per-call options of every method. */
export interface RequestOptions {
  /** Aborts the call (and its retries); it rejects with `LoaAbortError`. */
  signal?: AbortSignal
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number
  /** Extra headers for this call. */
  headers?: Record<string, string>
}

/** Options of a call that creates work and takes `Idempotency-Key`. */
export interface CreateOptions extends RequestOptions {
  /**
   * Sent as `Idempotency-Key`: the same key and body within 24 h answer the first call again and charge once.
   * Default: a fresh random key per call, so the SDK's own retries never create twice.
   */
  idempotencyKey?: string
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  /**
   * `true`: safe to repeat (reads, and creates sent with an `Idempotency-Key`); `false`: a create the server
   * cannot recognise again — never retried, since a lost answer may still have created (and charged) it.
   */
  idempotent: boolean
  idempotencyKey?: string
  options?: RequestOptions
  /** Accept header (default JSON). */
  accept?: string
}

/** A random key (crypto.randomUUID where the page is a secure context, else 16 random bytes). */
export const randomKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}

const DEFAULT_TIMEOUT_MS = 60_000

/** The transport every resource uses: auth headers, retries with back-off, timeout and abort, typed errors. */
export class Http {
  readonly baseUrl: string
  constructor(readonly options: ClientOptions) {
    if (!options.baseUrl) throw new LoaError('baseUrl is required, e.g. new Loa({ baseUrl: "https://api…" })')
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
  }

  url(path: string, query?: HttpRequest['query']): string {
    const url = new URL(this.baseUrl + path)
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value))
    return url.toString()
  }

  headers(extra?: Record<string, string>): Record<string, string> {
    const { token, appId, headers } = this.options
    return {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(appId ? { 'app-id': appId } : {}),
      ...headers,
      ...extra,
    }
  }

  /** Sends the request and answers the `Response` once its status is 2xx (the body not yet read). */
  async send(request: HttpRequest): Promise<Response> {
    const { options = {} } = request
    const maxRetries = request.idempotent ? (options.maxRetries ?? this.options.maxRetries ?? 2) : 0
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    const doFetch = this.options.fetch ?? globalThis.fetch
    const init: RequestInit = {
      method: request.method,
      headers: this.headers({
        accept: request.accept ?? 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
        ...options.headers,
      }),
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal,
    }
    const url = this.url(request.path, request.query)
    for (let attempt = 0; ; attempt++) {
      let failure: LoaError
      let headers: Headers | undefined
      try {
        const response = await doFetch(url, init)
        if (response.ok) return response
        failure = errorFromAnswer(response.status, response.headers, await readBody(response))
        headers = response.headers
      } catch (error) {
        failure = this.describe(error, options.signal, timeout, timeoutMs)
        if (!(failure instanceof LoaConnectionError)) throw failure
      }
      const retryable =
        failure instanceof LoaConnectionError ||
        (failure instanceof LoaApiError && isRetryableStatus(failure.status, failure.code))
      if (!retryable || attempt >= maxRetries) throw failure
      try {
        await sleep(delayBeforeRetry(attempt, headers), signal)
      } catch (error) {
        throw this.describe(error, options.signal, timeout, timeoutMs)
      }
    }
  }

  /** Sends the request and answers its JSON body. */
  async json<T>(request: HttpRequest): Promise<T> {
    const response = await this.send(request)
    try {
      return (await response.json()) as T
    } catch (error) {
      throw this.describe(error, request.options?.signal, undefined, 0)
    }
  }

  /** Sends the request and answers the `result` of its `{status: 1, result}` body (the `/api/v1` shape). */
  async result<T>(request: HttpRequest): Promise<T> {
    return (await this.json<{ result: T }>(request)).result
  }

  private describe(
    error: unknown,
    caller: AbortSignal | undefined,
    timeout: AbortSignal | undefined,
    ms: number,
  ) {
    if (error instanceof LoaError) return error
    if (caller?.aborted) return new LoaAbortError('The call was aborted', { cause: caller.reason })
    if (timeout?.aborted) return new LoaTimeoutError(`The call took longer than ${ms} ms`)
    return new LoaConnectionError(`No answer from the API: ${String((error as Error)?.message ?? error)}`, {
      cause: error,
    })
  }
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text().catch(() => '')
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
