import { AudioStream } from '../audio-stream.ts'
import { randomKey, type CreateOptions, type Http, type RequestOptions } from '../http.ts'
import type { AnswerOf, SpeechBody } from '../types.ts'

/** The OpenAI-compatible speech API (`/v1/audio/speech`, `/v1/audio/voices`, `/v1/models`). */
export class OpenAiCompatible {
  constructor(private readonly http: Http) {}

  /**
   * Speaks `input` as OpenAI's `audio.speech.create` does; the audio streams as it is rendered (iterate it, take
   * `.body`, or `arrayBuffer()`). Sent with an `Idempotency-Key` (yours or a random one): a retry before the audio
   * starts speaks the same request again, charged once. `x-request-id` in `headers` names it in the request log.
   */
  async speech(body: SpeechBody, options: CreateOptions = {}): Promise<AudioStream> {
    const response = await this.http.send({
      method: 'POST',
      path: '/v1/audio/speech',
      body,
      idempotent: true,
      idempotencyKey: options.idempotencyKey ?? randomKey(),
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
