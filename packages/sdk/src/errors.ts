/** Every error the SDK throws is a `LoaError`; `instanceof` tells which kind. */
export class LoaError extends Error {
  override name = 'LoaError'
}

/** The API answered an error: its stable `code` (docs/errors.md), HTTP `status` and what else it said. */
export class LoaApiError extends LoaError {
  override name = 'LoaApiError'
  constructor(
    /** The API's stable error code, e.g. `TTS_CCR_MAX_LIMIT_REACHED`, `UNAUTHORIZED`, `VALIDATION_FAILED`. */
    readonly code: string,
    message: string,
    /** The HTTP status. */
    readonly status: number,
    /** The error's `details`, when the API gave any. */
    readonly details: unknown,
    /** The answer's headers (`retry-after`, `x-request-id`, …). */
    readonly headers: Headers,
  ) {
    super(`${code}: ${message} (HTTP ${status})`)
  }
  /** The API's request id (`x-request-id`), to quote to support. */
  get requestId(): string | null {
    return this.headers.get('x-request-id')
  }
}

/** No answer came: the network failed, or the server closed the connection. */
export class LoaConnectionError extends LoaError {
  override name = 'LoaConnectionError'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** The call took longer than its `timeoutMs` (every attempt together). */
export class LoaTimeoutError extends LoaError {
  override name = 'LoaTimeoutError'
}

/** The caller's `AbortSignal` aborted the call. */
export class LoaAbortError extends LoaError {
  override name = 'LoaAbortError'
}

/** A webhook's signature is missing, malformed, wrong or outside the replay window. */
export class LoaWebhookError extends LoaError {
  override name = 'LoaWebhookError'
}

/**
 * The three error bodies of the API: `/api/v1` `{status: 0, error_code, error_message}`, `/v1`
 * `{error: {code, message, details}}` and the OpenAI-compatible `{error: {message, type, code}}`.
 */
export const errorFromAnswer = (status: number, headers: Headers, body: unknown): LoaApiError => {
  const b = (body ?? {}) as Record<string, unknown>
  const nested = (typeof b.error === 'object' && b.error !== null ? b.error : {}) as Record<string, unknown>
  const code = String(nested.code ?? b.error_code ?? (status >= 500 ? 'SERVER_ERROR' : `HTTP_${status}`))
  const message = String(nested.message ?? b.error_message ?? (typeof body === 'string' ? body : 'error'))
  return new LoaApiError(code, message, status, nested.details ?? b.details, headers)
}
