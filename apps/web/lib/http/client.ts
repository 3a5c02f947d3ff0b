/**
 * The web's HTTP client (design §5, spec §7): timeout 15000 ms, success 200–299, failure message
 * 'Request failed with status code {n}', snake_case on the wire, camelCase in the app, body unwrapped.
 * Works on the server (route rendering) and in the browser.
 */
import {
  HTTP_SUCCESS_MAX,
  HTTP_SUCCESS_MIN,
  HTTP_TIMEOUT_MS,
  camelizeKeys,
  httpFailureMessage,
  snakeizeKeys,
} from '@loa/contracts/browser'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Params = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  params?: Params
  body?: unknown
  token?: string | null
  credentials?: RequestCredentials
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Keep request keys as given (the SSO's camelCase endpoints). Default: convert to snake_case. */
  rawKeys?: boolean
  /** Keep a successful answer's keys as sent (e.g. payloads shown exactly as delivered). Errors are camelized. */
  rawResponse?: boolean
}

/** A failed call. `body` is the camelized error body when the server sent JSON. */
export class HttpError extends Error {
  readonly status: number
  readonly body: unknown
  readonly code: string | undefined

  constructor(message: string, status: number, body?: unknown) {
    super(message)
    this.name = 'HttpError'
    this.status = status
    this.body = body
    const errorCode = (body as { errorCode?: unknown } | undefined)?.errorCode
    this.code = typeof errorCode === 'string' ? errorCode : undefined
  }
}

export const TIMEOUT_ERROR_CODE = 'ECONNABORTED'
export const NETWORK_ERROR_CODE = 'ERR_NETWORK'

export const isSuccessStatus = (status: number): boolean =>
  status >= HTTP_SUCCESS_MIN && status <= HTTP_SUCCESS_MAX

export const buildUrl = (baseUrl: string, path: string, params?: Params, rawKeys = false): string => {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue
    url.searchParams.set(rawKeys ? key : key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), String(value))
  }
  return url.toString()
}

const parseBody = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export interface HttpClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>
  baseUrl: string
}

export const createHttpClient = (
  baseUrl: string,
  defaults: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): HttpClient => {
  const timeoutMs = defaults.timeoutMs ?? HTTP_TIMEOUT_MS
  return {
    baseUrl,
    async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
      const fetchImpl = defaults.fetchImpl ?? fetch
      const timeout = AbortSignal.timeout(timeoutMs)
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      let body: string | undefined
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(options.rawKeys ? options.body : snakeizeKeys(options.body))
      }
      let response: Response
      try {
        response = await fetchImpl(buildUrl(baseUrl, path, options.params, options.rawKeys), {
          method,
          headers,
          body,
          signal,
          credentials: options.credentials,
          cache: 'no-store',
        })
      } catch (error) {
        if (timeout.aborted) {
          throw new HttpError(`timeout of ${timeoutMs}ms exceeded`, 0, { errorCode: TIMEOUT_ERROR_CODE })
        }
        throw new HttpError((error as Error).message || 'Network Error', 0, { errorCode: NETWORK_ERROR_CODE })
      }
      const parsed = await parseBody(response)
      if (!isSuccessStatus(response.status)) {
        throw new HttpError(httpFailureMessage(response.status), response.status, camelizeKeys(parsed))
      }
      return (options.rawResponse ? parsed : camelizeKeys(parsed)) as T
    },
  }
}
