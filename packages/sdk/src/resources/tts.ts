import { AudioStream } from '../audio-stream.ts'
import { randomKey, type CreateOptions, type Http, type RequestOptions } from '../http.ts'
import { pollUntil, type PollOptions } from '../poll.ts'
import type { AnswerOf, LegacyStreamBody, QueryOf, TtsCreateBody, TtsRequest } from '../types.ts'
import { StreamInput, type StreamInputOptions } from './stream-input.ts'

/** `POST /v1/tts` and friends: synthesis in the shape of Vbee's current API (camelCase). */
export class Tts {
  constructor(
    private readonly http: Http,
    private readonly socket: () => StreamInputOptions['WebSocket'],
  ) {}

  /**
   * Synthesizes speech. `mode: "sync"` (up to 300 characters) answers the finished request with its audio link;
   * `mode: "async"` (the default) answers the request id at once — poll it with `waitForCompletion` or take the
   * webhook. Sent with an `Idempotency-Key` (yours or a random one), so retries never charge twice.
   */
  create(body: TtsCreateBody, options: CreateOptions = {}): Promise<TtsRequest> {
    return this.http.json<TtsRequest>({
      method: 'POST',
      path: '/v1/tts',
      body,
      idempotent: true,
      idempotencyKey: options.idempotencyKey ?? randomKey(),
      options,
    })
  }

  /** A request: status, progress, audio and timeline links (fresh signed links at every read). */
  get(requestId: string, options: RequestOptions = {}): Promise<TtsRequest> {
    return this.http.json<TtsRequest>({
      method: 'GET',
      path: `/v1/tts/requests/${encodeURIComponent(requestId)}`,
      idempotent: true,
      options,
    })
  }

  /**
   * The app's request log: every request it made (any call: v1, the Vbee shape, streams, the WebSocket), newest
   * first, in the v1 shape; filter with `status`, page with `offset`/`limit` (≤ 100).
   */
  list(
    query: QueryOf<'GET /v1/tts/requests'> = {},
    options: RequestOptions = {},
  ): Promise<AnswerOf<'GET /v1/tts/requests'>> {
    return this.http.json({ method: 'GET', path: '/v1/tts/requests', query, idempotent: true, options })
  }

  /** Polls the request until it is final (SUCCESS or FAILURE) and answers it; check `status`. */
  waitForCompletion(requestId: string, options: PollOptions & RequestOptions = {}): Promise<TtsRequest> {
    return pollUntil(
      () => this.get(requestId, options),
      (r) => r.status !== 'IN_PROGRESS',
      options,
    )
  }

  /** `create` with `mode: "async"`, then `waitForCompletion`. */
  async createAndWait(
    body: Omit<TtsCreateBody, 'mode'>,
    options: CreateOptions & PollOptions = {},
  ): Promise<TtsRequest> {
    const created = await this.create({ ...body, mode: 'async' }, options)
    if (created.status !== 'IN_PROGRESS') return created
    return this.waitForCompletion(created.requestId, options)
  }

  /**
   * Streams the audio of a short text while it is rendered (`POST /api/v1/tts/stream`): iterate the chunks with
   * `for await`, or take `.body` (a web `ReadableStream`). Charged per character; not retried once sent.
   */
  async stream(body: LegacyStreamBody, options: RequestOptions = {}): Promise<AudioStream> {
    const response = await this.http.send({
      method: 'POST',
      path: '/api/v1/tts/stream',
      body,
      idempotent: false,
      accept: '*/*',
      options,
    })
    return new AudioStream(response)
  }

  /**
   * Opens the WebSocket text-in stream (`/v1/tts/stream-input`): send text as it arrives, receive audio chunks
   * with character timing. Uses a single-use ticket (fetched with the token, or the `ticket` you pass — what a
   * browser gets from your server), so the token never goes into a URL.
   */
  async streamInput(options: Omit<StreamInputOptions, 'WebSocket' | 'url'> = {}): Promise<StreamInput> {
    const ticket = options.ticket ?? (await this.ticket()).ticket
    const url = new URL(this.http.url('/v1/tts/stream-input'))
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    url.searchParams.set('ticket', ticket)
    if (options.voice) url.searchParams.set('voice', options.voice)
    if (options.outputFormat) url.searchParams.set('output_format', options.outputFormat)
    if (options.inactivityTimeout)
      url.searchParams.set('inactivity_timeout', String(options.inactivityTimeout))
    return StreamInput.open(url.toString(), this.socket())
  }

  /** A single-use ticket (60 s) for opening the text-in WebSocket; give its `ticket` to a browser. */
  ticket(options: RequestOptions = {}): Promise<{ ticket: string; expiresAt: string; url: string }> {
    // A ticket costs nothing and expires unused: asking again is harmless.
    return this.http.json({ method: 'POST', path: '/v1/tts/stream-tickets', idempotent: true, options })
  }
}
