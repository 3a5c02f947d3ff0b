/**
 * Renders one speech unit to final PCM: engine → trim silence → slow-down stretch (below eSpeak's minimum
 * rate) → volume normalisation → resample. Runs on a worker thread.
 */
import { normalizeVolume, speechBounds } from '../audio/levels.ts'
import { resample } from '../audio/resample.ts'
import { timeStretch } from '../audio/time-stretch.ts'
import type { EngineFactoryOptions, EngineInput, EngineOutput } from '../engines/types.ts'
import { getEngine } from '../engines/registry.ts'
import type { EnginePreference } from '../options.ts'
import type { EngineId, VoiceEngineMapping } from '../voices.ts'

export const ESPEAK_MIN_RATE = 80
export const ESPEAK_MAX_RATE = 450

export interface RenderRequest {
  input: EngineInput
  voice: VoiceEngineMapping
  speed: number
  sampleRate: number
  normalizeVolume: boolean
  engine: EnginePreference
  engineOptions?: EngineFactoryOptions
}

export interface RenderedWord {
  text: string
  /** Offset in the unit's text. */
  offset: number
  length: number
  startMs: number
  endMs: number
}

export interface RenderedUnit {
  pcm: Int16Array
  sampleRate: number
  words: RenderedWord[]
  engine: { id: EngineId; version: string }
  timing: 'events' | 'estimated'
}

/** Engine rate for a speed, plus how much the audio must still be stretched (1 = not at all). */
export const rateFor = (voiceRate: number, speed: number): { rate: number; stretch: number } => {
  const wanted = voiceRate * speed
  const rate = Math.min(ESPEAK_MAX_RATE, Math.max(ESPEAK_MIN_RATE, wanted))
  return { rate, stretch: rate / wanted }
}

/** Trim → stretch → volume → resample, for one engine output. */
const finish = (
  out: EngineOutput,
  req: Omit<RenderRequest, 'input'>,
  stretch: number,
  engine: { id: EngineId; version: string },
): RenderedUnit => {
  const bounds = speechBounds(out.pcm, out.sampleRate)
  let pcm: Int16Array = bounds ? out.pcm.slice(bounds.start, bounds.end) : new Int16Array(0)
  const shiftMs = bounds ? (bounds.start / out.sampleRate) * 1000 : 0
  const trimmedMs = (pcm.length / out.sampleRate) * 1000
  let words = out.words.map((w) => ({
    ...w,
    startMs: Math.min(trimmedMs, Math.max(0, w.startMs - shiftMs)),
    endMs: Math.min(trimmedMs, Math.max(0, w.endMs - shiftMs)),
  }))
  if (stretch !== 1) {
    pcm = timeStretch(pcm, out.sampleRate, stretch)
    words = words.map((w) => ({ ...w, startMs: w.startMs * stretch, endMs: w.endMs * stretch }))
  }
  if (req.normalizeVolume) normalizeVolume(pcm, out.sampleRate)
  pcm = resample(pcm, out.sampleRate, req.sampleRate)
  return { pcm, sampleRate: req.sampleRate, words, engine, timing: out.timing }
}

export const renderUnit = async (req: RenderRequest): Promise<RenderedUnit> =>
  (await renderUnits({ ...req, inputs: [req.input] }))[0]!

export interface RenderBatchRequest extends Omit<RenderRequest, 'input'> {
  inputs: EngineInput[]
}

/** Several consecutive units with the same settings (one engine call when the engine batches). */
export const renderUnits = async (req: RenderBatchRequest): Promise<RenderedUnit[]> => {
  // A neural voice is spoken by its engine whatever the preference, and takes the speed itself.
  const neural = req.voice.piper !== undefined
  const engine = await getEngine(neural ? 'piper' : req.engine, req.engineOptions)
  const { rate, stretch } = neural ? { rate: req.voice.rate, stretch: 1 } : rateFor(req.voice.rate, req.speed)
  const settings = { rate, pitch: req.voice.pitch, range: req.voice.range, speed: req.speed }
  const outs = engine.synthesizeBatch
    ? await engine.synthesizeBatch(req.inputs, req.voice, settings)
    : await Promise.all(req.inputs.map((input) => engine.synthesize(input, req.voice, settings)))
  const info = { id: engine.id, version: engine.version }
  return outs.map((out) => finish(out, req, stretch, info))
}
