/**
 * eSpeak NG without native binaries, so that a fresh machine speaks:
 * - `createEngine`: the espeak-ng command line compiled to WebAssembly (npm `espeak-ng`), kept running in
 *   line mode on a thread of its own (`espeak-wasm-lines.ts`). About five times faster than the build
 *   below; like the native CLI it reports no word events, so word timings are estimated from the audio.
 * - `createEventEngine`: eSpeak NG compiled to JavaScript (`@echogarden/espeak-ng-emscripten`, asm.js):
 *   a persistent synthesizer with word events carrying audio positions (exact word timings). Synchronous —
 *   call it only on a worker thread. Used when the WebAssembly thread cannot start.
 */
import { TtsError } from '../errors.ts'
import { WasmLineSpeaker, listWasmVoices } from './espeak-wasm-lines.ts'
import { Speakers, lineModeArgs, unitLine } from './speakers.ts'
import { buildSsml } from './ssml.ts'
import type { EngineOutput, EngineVoice, EngineWord, SpeechEngine } from './types.ts'
import { estimatedOutput, tightenWordEnds } from './words.ts'

interface EspeakEvent {
  type: string
  text_position: number
  word_length: number
  audio_position: number
}

interface EspeakWorker {
  set_voice(name: string): number
  set_rate(rate: number): number
  set_pitch(pitch: number): number
  set_range(range: number): number
  get_samplerate(): number
  list_voices(): { name: string; identifier: string; languages: { priority: number; name: string }[] }[]
  synthesize(text: string, cb: (samples: Int16Array, events: EspeakEvent[]) => boolean): void
}

interface EspeakModule {
  eSpeakNGWorker: new () => EspeakWorker
}

const PACKAGE_VERSION = '0.3.5'
/** npm `espeak-ng` (eSpeak NG 1.52-dev). */
const WASM_PACKAGE_VERSION = '1.0.2'
/**
 * Threads kept per pool worker: one per settings (voice, rate, pitch), at most three settings (a thread
 * holds ≈45 MB and takes ≈0.2 s to start), stopped after a minute unused.
 */
const SPEAKER_LIMITS = { maxKeys: 3, perKey: 1, idleMs: 60_000 }
const SAMPLE_RATE = 22050

export const createEngine = async (): Promise<SpeechEngine> => {
  const speakers = new Speakers((args) => WasmLineSpeaker.start(args), SPEAKER_LIMITS)
  // Start one thread now: a failure shows here, and the first request does not wait for it.
  try {
    await speakers.get(lineModeArgs({ espeakVoice: 'vi', variant: 'f3' }, { rate: 175, pitch: 50 }))
  } catch {
    return createEventEngine()
  }

  /** For units too long for one line of eSpeak's input (very rare): the asm.js build. */
  let events: Promise<SpeechEngine> | undefined

  const engine: SpeechEngine = {
    id: 'espeak-wasm',
    version: `espeak-ng-wasm-${WASM_PACKAGE_VERSION}`,
    listVoices: listWasmVoices,
    synthesize: async (input, voice, settings) =>
      (await engine.synthesizeBatch!([input], voice, settings))[0]!,
    async synthesizeBatch(inputs, voice, settings): Promise<EngineOutput[]> {
      const lines = inputs.map(unitLine)
      const speaker = await speakers.get(lineModeArgs(voice, settings))
      const pcms = await speaker
        .speak(lines.filter((l): l is string => l !== undefined))
        .catch((error: unknown) => {
          throw new TtsError('TTS_ENGINE_FAILED', `eSpeak (WebAssembly) failed: ${String(error)}`)
        })
      const sampleRate = speaker.sampleRate || SAMPLE_RATE
      let next = 0
      return Promise.all(
        inputs.map(async (input, i) => {
          if (lines[i] === undefined) {
            events ??= createEventEngine()
            return (await events).synthesize(input, voice, settings)
          }
          return estimatedOutput(input, pcms[next++]!, sampleRate)
        }),
      )
    },
    async close() {
      speakers.closeAll()
    },
  }
  return engine
}

/** The asm.js build with word events (exact word timings). */
export const createEventEngine = async (): Promise<SpeechEngine> => {
  let worker: EspeakWorker
  try {
    const { default: init } = (await import('@echogarden/espeak-ng-emscripten')) as unknown as {
      default: () => Promise<EspeakModule>
    }
    const module = await init()
    worker = new module.eSpeakNGWorker()
  } catch (error) {
    throw new TtsError('TTS_ENGINE_UNAVAILABLE', `eSpeak WASM engine failed to load: ${String(error)}`)
  }
  let currentVoice = ''

  return {
    id: 'espeak-wasm',
    version: `espeak-ng-emscripten-${PACKAGE_VERSION}`,
    async listVoices(): Promise<EngineVoice[]> {
      return worker
        .list_voices()
        .filter((v) => v.languages.some((l) => l.name.startsWith('vi')))
        .map((v) => ({
          id: v.identifier.replace(/^.*\//, ''),
          name: v.name,
          languages: v.languages.map((l) => l.name),
        }))
    },
    async synthesize(input, voice, settings): Promise<EngineOutput> {
      const name = `${voice.espeakVoice}+${voice.variant}`
      if (name !== currentVoice) {
        if (worker.set_voice(name) !== 0)
          throw new TtsError('TTS_ENGINE_FAILED', `eSpeak has no voice '${name}'`)
        currentVoice = name
      }
      worker.set_rate(Math.round(settings.rate))
      worker.set_pitch(Math.round(settings.pitch))
      worker.set_range(Math.round(settings.range))
      const { ssml, plainOffset } = buildSsml(input)
      const chunks: Int16Array[] = []
      const events: EspeakEvent[] = []
      worker.synthesize(ssml, (samples, evs) => {
        chunks.push(samples)
        for (const e of evs) if (e.type === 'word') events.push(e)
        return false
      })
      const length = chunks.reduce((n, c) => n + c.length, 0)
      const pcm = new Int16Array(length)
      let at = 0
      for (const c of chunks) {
        pcm.set(c, at)
        at += c.length
      }
      const sampleRate = worker.get_samplerate()
      const totalMs = (length / sampleRate) * 1000
      const words: EngineWord[] = []
      events.forEach((e, i) => {
        const start = plainOffset(e.text_position - 1)
        const end = plainOffset(e.text_position - 1 + e.word_length)
        const text = input.text.slice(start, end)
        if (!/[\p{L}\p{N}]/u.test(text)) return
        const next = events.slice(i + 1).find((n) => n.audio_position > e.audio_position)
        words.push({
          text,
          offset: start,
          length: end - start,
          startMs: e.audio_position,
          endMs: next ? next.audio_position : totalMs,
        })
      })
      return { pcm, sampleRate, words: tightenWordEnds(words, pcm, sampleRate), timing: 'events' }
    },
    async close() {},
  }
}
