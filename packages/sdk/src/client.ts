import { Http, type ClientOptions } from './http.ts'
import { CallPrompts } from './resources/call-prompts.ts'
import { Voices } from './resources/catalogue.ts'
import { Dubbing } from './resources/dubbing.ts'
import { LegacyTts } from './resources/legacy.ts'
import { OpenAiCompatible } from './resources/openai.ts'
import { Tts } from './resources/tts.ts'

/**
 * The Loa API client.
 *
 * ```ts
 * const loa = new Loa({ baseUrl: 'https://api.example.vn', token: process.env.LOA_TOKEN, appId: process.env.LOA_APP_ID })
 * const request = await loa.tts.createAndWait({ text: 'Xin chào!' })
 * ```
 */
export class Loa {
  /** `/v1/tts`: sync/async synthesis, polling, streaming, the WebSocket text-in stream. */
  readonly tts: Tts
  /** `/api/v1/tts`: the older Vbee-compatible shape and its callback log. */
  readonly legacy: LegacyTts
  /** `/v1/voices`. */
  readonly voices: Voices
  /** `/v1/audio/speech` and its catalogue, as OpenAI's SDK calls them. */
  readonly openai: OpenAiCompatible
  /** `/api/v1/dubbing`: dubbing jobs. */
  readonly dubbing: Dubbing
  /** `/api/v1/call-prompts`: bulk telephone prompts from a script and rows. */
  readonly callPrompts: CallPrompts

  constructor(options: ClientOptions) {
    const http = new Http(options)
    this.tts = new Tts(http, () => options.WebSocket)
    this.legacy = new LegacyTts(http)
    this.voices = new Voices(http)
    this.openai = new OpenAiCompatible(http)
    this.dubbing = new Dubbing(http)
    this.callPrompts = new CallPrompts(http)
  }
}
