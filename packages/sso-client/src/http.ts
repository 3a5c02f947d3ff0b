import { HTTP_SUCCESS_MAX, HTTP_SUCCESS_MIN, HTTP_TIMEOUT_MS, httpFailureMessage } from './constants.ts'

/** A failed sign-on call: `status` is the HTTP status (0 for a timeout or network failure), `body` the answer. */
export class SsoHttpError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(message: string, status: number, body: unknown, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SsoHttpError'
    this.status = status
    this.body = body
  }
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/**
 * POSTs JSON to a sign-on endpoint with credentials (cookies) included, a 15000 ms timeout, and success only for
 * 200–299 (otherwise `Request failed with status code {n}`). Resolves with the parsed JSON body.
 */
export async function postJson(
  fetchFn: FetchLike,
  url: string,
  body: unknown,
  timeoutMs: number = HTTP_TIMEOUT_MS,
): Promise<unknown> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  let response: Response
  try {
    response = await fetchFn(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    })
  } catch (cause) {
    clearTimeout(timer)
    if (controller.signal.aborted) {
      throw new SsoHttpError(`timeout of ${timeoutMs}ms exceeded`, 0, undefined, { cause })
    }
    throw new SsoHttpError(cause instanceof Error ? cause.message : 'Network Error', 0, undefined, { cause })
  }
  let data: unknown
  try {
    const text = await response.text()
    try {
      data = text ? JSON.parse(text) : undefined
    } catch {
      data = text
    }
  } finally {
    clearTimeout(timer)
  }
  if (response.status < HTTP_SUCCESS_MIN || response.status > HTTP_SUCCESS_MAX) {
    throw new SsoHttpError(httpFailureMessage(response.status), response.status, data)
  }
  return data
}
