/**
 * One error shape for every Loa service. A thrown AppError becomes
 * `{"status": 0, "error_code": code, "error_message": message}` with its HTTP status.
 * Codes are stable and append-only: see the per-service catalogues in ./error-codes/.
 */
export interface ErrorBody {
  status: 0
  error_code: string
  error_message: string
  /** Optional machine-readable detail (field errors, limits). Never holds secrets or stack traces. */
  details?: unknown
}

export class AppError extends Error {
  readonly code: string
  readonly httpStatus: number
  readonly details?: unknown
  readonly headers?: Record<string, string>

  constructor(
    code: string,
    message: string,
    httpStatus = 400,
    options: { details?: unknown; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.httpStatus = httpStatus
    this.details = options.details
    this.headers = options.headers
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { status: 0, error_code: this.code, error_message: this.message }
    if (this.details !== undefined) body.details = this.details
    return body
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError

/** Success envelope of the product API. */
export interface SuccessBody<T> {
  status: 1
  result: T
}

export const ok = <T>(result: T): SuccessBody<T> => ({ status: 1, result })
