import { randomKey, type CreateOptions, type Http, type RequestOptions } from '../http.ts'
import { pollUntil, type PollOptions } from '../poll.ts'
import type { BodyOf, QueryOf, ResultOf } from '../types.ts'

export type CallPromptJob = ResultOf<'GET /api/v1/call-prompts/{id}'>
const job = (id: string) => `/api/v1/call-prompts/${encodeURIComponent(id)}`

/**
 * Bulk call prompts: a script with `{{column:type}}` placeholders rendered once per row (CSV or JSON) to telephone
 * files (wav_8000, ulaw, alaw, sln, G.711 WAV), zipped with a manifest; charged to the call-prompt wallet.
 */
export class CallPrompts {
  constructor(private readonly http: Http) {}

  /** Checks a script and its rows for free: every value as it will be read, problems by row, the cost. */
  check(
    body: BodyOf<'POST /api/v1/call-prompts/check'>,
    options: RequestOptions = {},
  ): Promise<ResultOf<'POST /api/v1/call-prompts/check'>> {
    // Free and creates nothing: safe to repeat.
    const path = '/api/v1/call-prompts/check'
    return this.http.result({ method: 'POST', path, body, idempotent: true, options })
  }

  /** How one row will be read (text, with each value's reading). */
  preview(
    body: BodyOf<'POST /api/v1/call-prompts/preview'>,
    options: RequestOptions = {},
  ): Promise<ResultOf<'POST /api/v1/call-prompts/preview'>> {
    const path = '/api/v1/call-prompts/preview'
    return this.http.result({ method: 'POST', path, body, idempotent: true, options })
  }

  /** Starts a job rendering every row; sent with an `Idempotency-Key`. */
  create(body: BodyOf<'POST /api/v1/call-prompts'>, options: CreateOptions = {}): Promise<CallPromptJob> {
    return this.http.result({
      method: 'POST',
      path: '/api/v1/call-prompts',
      body,
      idempotent: true,
      idempotencyKey: options.idempotencyKey ?? randomKey(),
      options,
    })
  }

  /** A job: progress, rows done and failed, the ZIP link when it succeeded. */
  get(id: string, options: RequestOptions = {}): Promise<CallPromptJob> {
    return this.http.result({ method: 'GET', path: job(id), idempotent: true, options })
  }

  /** This caller's jobs, newest first. */
  list(
    query: QueryOf<'GET /api/v1/call-prompts'> = {},
    options: RequestOptions = {},
  ): Promise<ResultOf<'GET /api/v1/call-prompts'>> {
    return this.http.result({ method: 'GET', path: '/api/v1/call-prompts', query, idempotent: true, options })
  }

  /** Cancels a running job (its credits are released; no ZIP is made). */
  cancel(id: string, options: RequestOptions = {}): Promise<ResultOf<'DELETE /api/v1/call-prompts/{id}'>> {
    return this.http.result({ method: 'DELETE', path: job(id), idempotent: true, options })
  }

  /** Polls until the job is no longer IN_PROGRESS and answers it; check `status`. */
  waitForCompletion(id: string, options: PollOptions & RequestOptions = {}): Promise<CallPromptJob> {
    return pollUntil(
      () => this.get(id, options),
      (j) => j.status !== 'IN_PROGRESS',
      options,
    )
  }
}
