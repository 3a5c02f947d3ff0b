import {
  ENGINE_SAMPLE_RATE,
  SPEED_RANGE,
  parseWav,
  speechBounds,
  synthesize,
  timeStretch,
  type PauseSettings,
  type SentenceCache,
  type SynthesisPool,
} from '@loa/tts'
import {
  DEFAULT_FIT,
  engineSpeedup,
  placeLine,
  type FitSettings,
  type LineWindow,
  type Placement,
} from '../fit/plan.ts'

/** One line to dub: what to say, with which voice and speed. */
export interface DubLine {
  index: number
  startMs: number
  endMs: number
  /** The words to speak (styling and speaker prefixes already stripped). */
  speech: string
  voice: string
  /** The speaker's speed (1 = the voice's natural rate). */
  speed: number
}

export interface LineRenderOptions {
  sampleRate?: number
  fit?: FitSettings
  pool?: SynthesisPool
  /** Sentence cache (default: the process-wide in-memory one; `false` disables caching). */
  cache?: SentenceCache | false
  signal?: AbortSignal
}

export interface RenderedLine extends Placement {
  index: number
  /** The placed speech: trimmed, maybe re-synthesized faster and stretched, cut at the limit when clamped. */
  pcm: Int16Array
  /** Engine speed of the audio used (the speaker's speed × the engine speed-up). */
  speed: number
  /** Length of the speech at the speaker's speed, trimmed. */
  naturalMs: number
  /** Characters of the spoken text (billing, and the "shorten by" hint). */
  characters: number
}

/** Pauses inside a line are tighter than in narration: the slot is the subtitle's. */
export const DUB_PAUSES: PauseSettings = { sentenceMs: 250, majorMs: 200, mediumMs: 150, paragraphMs: 300 }

const FADE_MS = 20

/** Synthesizes `speech` and trims the silence at both edges. */
const speak = async (
  line: DubLine,
  speed: number,
  rate: number,
  options: LineRenderOptions,
): Promise<Int16Array> => {
  const result = await synthesize({
    text: line.speech,
    voice: line.voice,
    speed,
    format: 'wav',
    sampleRate: rate,
    pauses: DUB_PAUSES,
    pool: options.pool,
    signal: options.signal,
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
  })
  const pcm = parseWav(result.audio).pcm
  const bounds = speechBounds(pcm, rate)
  return bounds ? pcm.slice(bounds.start, bounds.end) : new Int16Array(0)
}

const msOf = (samples: number, rate: number): number => (samples * 1000) / rate

/** Cuts `pcm` to `length` samples with a short fade-out (a clamped line must not run into the next one). */
const cutWithFade = (pcm: Int16Array, length: number, rate: number): Int16Array => {
  const out = pcm.slice(0, Math.max(0, length))
  const fade = Math.min(out.length, Math.round((FADE_MS * rate) / 1000))
  for (let i = 0; i < fade; i++) out[out.length - 1 - i] = Math.round(out[out.length - 1 - i]! * (i / fade))
  return out
}

/**
 * Renders one line into its window: synthesize at the speaker's speed, trim; too long → re-synthesize at up to
 * 1.25× the speed; then place (borrow / stretch / clamp) as `placeLine` decides. The engine speed-up counted
 * against the 1.5× cap is the one measured, not the one asked for.
 */
export const renderLine = async (
  line: DubLine,
  window: LineWindow,
  options: LineRenderOptions = {},
): Promise<RenderedLine> => {
  const rate = options.sampleRate ?? ENGINE_SAMPLE_RATE
  const fit = options.fit ?? DEFAULT_FIT
  let pcm = await speak(line, line.speed, rate, options)
  const naturalMs = msOf(pcm.length, rate)
  let speed = line.speed
  let effective = 1
  const asked = engineSpeedup(naturalMs, window, fit)
  if (asked > 1 && line.speed < SPEED_RANGE.max) {
    speed = Math.min(SPEED_RANGE.max, Math.round(line.speed * asked * 1000) / 1000)
    const faster = await speak(line, speed, rate, options)
    if (faster.length > 0 && faster.length < pcm.length) {
      pcm = faster
      effective = naturalMs / msOf(faster.length, rate)
    } else speed = line.speed
  }
  const placement = placeLine(msOf(pcm.length, rate), window, effective, fit)
  if (placement.stretch > 1.001) pcm = timeStretch(pcm, rate, 1 / placement.stretch)
  const startSample = Math.round((placement.placedStartMs * rate) / 1000)
  const room = Math.round((placement.placedEndMs * rate) / 1000) - startSample
  if (pcm.length > room) pcm = cutWithFade(pcm, room, rate)
  const placedEndMs = placement.placedStartMs + Math.round(msOf(pcm.length, rate))
  return {
    ...placement,
    placedEndMs,
    borrowedMs: Math.max(0, placedEndMs - window.endMs),
    index: line.index,
    pcm,
    speed,
    naturalMs: Math.round(naturalMs),
    characters: [...line.speech].length,
  }
}
