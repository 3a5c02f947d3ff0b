import { randomKey, type CreateOptions, type Http, type RequestOptions } from '../http.ts'
import { pollUntil, type PollOptions } from '../poll.ts'
import type { CallbackLog, LegacyTtsBody, LegacyTtsRequest, ResultOf } from '../types.ts'

type Created = ResultOf<'POST /api/v1/tts'>

/** The older, Vbee-compatible shape (`/api/v1/tts`, snake_case), kept for integrations written against it. */
export class LegacyTts {
  constructor(private readonly http: Http) {}

  /** Starts a synthesis; the result is POSTed to `callback_url` (or the app's), or poll it with `get`. */
  create(body: LegacyTtsBody, options: CreateOptions = {}): Promise<Created> {
    return this.http.result<Created>({
      method: 'POST',
      path: '/api/v1/tts',
      body,
      idempotent: true,
      idempotencyKey: options.idempotencyKey ?? randomKey(),
      options,
    })
  }

  /** Status, progress and audio link of a request. */
  get(requestId: string, options: RequestOptions = {}): Promise<LegacyTtsRequest> {
    return this.http.result<LegacyTtsRequest>({
      method: 'GET',
      path: `/api/v1/tts/${encodeURIComponent(requestId)}`,
      idempotent: true,
      options,
    })
  }

  /** Polls until the request is no longer IN_PROGRESS. */
  waitForCompletion(
    requestId: string,
    options: PollOptions & RequestOptions = {},
  ): Promise<LegacyTtsRequest> {
    return pollUntil(
      () => this.get(requestId, options),
      (r) => r.status !== 'IN_PROGRESS',
      options,
    )
  }

  /** Every delivery attempt of the request's callback (payload, HTTP status, time): the request's log. */
  callbackResult(requestId: string, options: RequestOptions = {}): Promise<CallbackLog> {
    return this.http.result<CallbackLog>({
      method: 'GET',
      path: `/api/v1/tts/${encodeURIComponent(requestId)}/callback-result`,
      idempotent: true,
      options,
    })
  }
}
