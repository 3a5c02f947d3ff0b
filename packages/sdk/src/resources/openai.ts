import { AudioStream } from '../audio-stream.ts'
import { randomKey, type CreateOptions, type Http, type RequestOptions } from '../http.ts'
import type { AnswerOf, SpeechBody } from '../types.ts'

export interface SpeechOptions extends CreateOptions {
  /**
   * Send an `Idempotency-Key` (and so allow retries). Off by default: only servers whose `/v1/audio/speech`
   * honours the key may be retried safely; with it off the call is sent once.
   */
  idempotent?: boolean
}

/** The OpenAI-compatible speech API (`/v1/audio/speech`, `/v1/audio/voices`, `/v1/models`). */
export class OpenAiCompatible {
  constructor(private readonly http: Http) {}

  /**
   * Speaks `input` as OpenAI's `audio.speech.create` does; the audio streams as it is rendered (iterate it, take
   * `.body`, or `arrayBuffer()`). `x-request-id` in `headers` names the request in the console's log.
   */
  async speech(body: SpeechBody, options: SpeechOptions = {}): Promise<AudioStream> {
    const keyed = options.idempotent === true || options.idempotencyKey !== undefined
    const response = await this.http.send({
      method: 'POST',
      path: '/v1/audio/speech',
      body,
      idempotent: keyed,
      ...(keyed ? { idempotencyKey: options.idempotencyKey ?? randomKey() } : {}),
      accept: '*/*',
      options,
    })
    return new AudioStream(response)
  }

  /** The OpenAI voice names and the Loa voices they map to. */
  voices(options: RequestOptions = {}): Promise<AnswerOf<'GET /v1/audio/voices'>> {
    return this.http.json({ method: 'GET', path: '/v1/audio/voices', idempotent: true, options })
  }

  /** The models `speech` accepts. */
  models(options: RequestOptions = {}): Promise<AnswerOf<'GET /v1/models'>> {
    return this.http.json({ method: 'GET', path: '/v1/models', idempotent: true, options })
  }
}
