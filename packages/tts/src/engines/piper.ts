/**
 * The `piper` engine: neural voices in Piper's format through ONNX Runtime, on the pool's worker threads.
 * A unit is spoken clause by clause (each clause one utterance, so the configured clause pauses are exact):
 * eSpeak IPA → Piper phoneme ids → the voice's model with scales [noise_scale, length_scale / speed,
 * noise_w] (and `sid` for multi-speaker voices) → float audio at the voice's rate, peak-normalised as
 * Piper does; the pipeline then trims, normalises loudness and resamples. Piper exports report no
 * durations, so word timings are estimated from the audio (marked `estimated`).
 */
import { stat } from 'node:fs/promises'
import { TtsError } from '../errors.ts'
import { PIPER_ENGINE_VERSION, readPiperConfig, phonemeIds, type PiperConfig } from './piper-config.ts'
import { clausePhonemes, createPhonemizer, type Phonemizer } from './piper-phonemize.ts'
import { PiperSessions, type LoadedVoice } from './piper-sessions.ts'
import type { EngineFactoryOptions, EngineInput, EngineOutput, SpeechEngine } from './types.ts'
import { estimatedOutput } from './words.ts'

/** A voice's session is released after this long unused (a medium voice holds ≈100 MB). */
const SESSION_IDLE_MS = 5 * 60_000
const SPEAKABLE = /[\p{L}\p{N}]/u

interface Clause {
  text: string
  /** Silence after the clause (the unit's clause pause), 0 for the last. */
  pauseMs: number
}

/** The unit cut at its clause pauses (offsets just after the punctuation). */
export const clausesOf = (input: EngineInput): Clause[] => {
  const clauses: Clause[] = []
  let from = 0
  for (const p of input.clausePauses) {
    clauses.push({ text: input.text.slice(from, p.offset), pauseMs: p.ms })
    from = p.offset
  }
  clauses.push({ text: input.text.slice(from), pauseMs: 0 })
  return clauses
}

const toInt16 = (parts: readonly (Float32Array | number)[], sampleRate: number): Int16Array => {
  let peak = 0
  let length = 0
  for (const p of parts) {
    if (typeof p === 'number') length += Math.round((p * sampleRate) / 1000)
    else {
      length += p.length
      for (const v of p) peak = Math.max(peak, Math.abs(v))
    }
  }
  // Piper's audio_float_to_int16: scale the loudest sample to full range (never amplify near-silence).
  const gain = 32767 / Math.max(0.01, peak)
  const pcm = new Int16Array(length)
  let at = 0
  for (const p of parts) {
    if (typeof p === 'number') {
      at += Math.round((p * sampleRate) / 1000)
      continue
    }
    for (const v of p) pcm[at++] = Math.max(-32768, Math.min(32767, Math.round(v * gain)))
  }
  return pcm
}

export const createEngine = async (options: EngineFactoryOptions = {}): Promise<SpeechEngine> => {
  const phonemizer: Phonemizer = await createPhonemizer({
    ...(options.espeakPath ? { espeakPath: options.espeakPath } : {}),
    ...(options.phonemizer ? { prefer: options.phonemizer } : {}),
  })
  const sessions = new PiperSessions(SESSION_IDLE_MS)
  const configs = new Map<string, { fingerprint: string; config: Promise<PiperConfig> }>()

  /** The voice JSON, read again when it changes. */
  const configOf = async (path: string): Promise<PiperConfig> => {
    const s = await stat(path).catch(() => undefined)
    if (!s) throw new TtsError('TTS_VOICE_UNAVAILABLE', `Piper voice file ${path} is missing (removed?)`)
    const fingerprint = `${s.size}:${s.mtimeMs}`
    let kept = configs.get(path)
    if (kept?.fingerprint !== fingerprint) {
      kept = { fingerprint, config: readPiperConfig(path) }
      configs.set(path, kept)
      kept.config.catch(() => configs.get(path) === kept && configs.delete(path))
    }
    return kept.config
  }

  const infer = async (
    voice: LoadedVoice,
    config: PiperConfig,
    ids: number[],
    speed: number,
    speakerId: number,
  ): Promise<Float32Array> => {
    const { ort, session } = voice
    const feeds: Record<string, InstanceType<typeof ort.Tensor>> = {
      input: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]),
      input_lengths: new ort.Tensor('int64', BigInt64Array.of(BigInt(ids.length)), [1]),
      scales: new ort.Tensor(
        'float32',
        Float32Array.of(config.noiseScale, config.lengthScale / speed, config.noiseW),
        [3],
      ),
    }
    if (voice.hasSid) feeds.sid = new ort.Tensor('int64', BigInt64Array.of(BigInt(speakerId)), [1])
    let result
    try {
      result = await session.run(feeds)
    } catch (error) {
      throw new TtsError('TTS_ENGINE_FAILED', `Piper inference failed: ${String(error).slice(0, 300)}`)
    }
    const out = result[voice.output]
    if (!out || out.type !== 'float32')
      throw new TtsError('TTS_VOICE_MODEL_INVALID', `the voice's output '${voice.output}' is not float audio`)
    // [batch, 1, 1, samples] (or any shape with the samples last): the data is the samples.
    return out.data as Float32Array
  }

  const engine: SpeechEngine = {
    id: 'piper',
    version: PIPER_ENGINE_VERSION,
    async listVoices() {
      return []
    },
    synthesize: async (input, voice, settings) =>
      (await engine.synthesizeBatch!([input], voice, settings))[0]!,
    async synthesizeBatch(inputs, voice, settings): Promise<EngineOutput[]> {
      const ref = voice.piper
      if (!ref) throw new TtsError('TTS_INVALID_OPTION', 'the piper engine speaks only Piper voices')
      const config = await configOf(ref.config)
      const units = inputs.map(clausesOf)
      const spoken = units.flat().filter((c) => SPEAKABLE.test(c.text))
      const ipa = await phonemizer.ipa(
        config.espeakVoice,
        spoken.map((c) => c.text),
      )
      const phonemes = new Map(spoken.map((c, i) => [c, clausePhonemes(c.text, ipa[i]!)]))
      const speed = settings.speed ?? 1
      const speakerId = ref.speakerId ?? 0
      return sessions.with(ref.model, config.numSpeakers > 1, async (loaded) => {
        const outputs: EngineOutput[] = []
        for (const [u, clauses] of units.entries()) {
          const parts: (Float32Array | number)[] = []
          for (const clause of clauses) {
            const p = phonemes.get(clause)
            if (p && p.length > 0)
              parts.push(
                await infer(loaded, config, phonemeIds(p, config.phonemeIdMap).ids, speed, speakerId),
              )
            if (clause.pauseMs > 0) parts.push(clause.pauseMs)
          }
          outputs.push(estimatedOutput(inputs[u]!, toInt16(parts, config.sampleRate), config.sampleRate))
        }
        return outputs
      })
    },
    async close() {
      sessions.closeAll()
      phonemizer.close()
    },
  }
  return engine
}
