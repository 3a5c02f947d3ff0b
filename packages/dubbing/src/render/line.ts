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
  /** How much later than its cue start the line begins (re-timing). */
  shiftMs?: number
  /** The placed speech: trimmed, maybe re-synthesized faster and stretched; cut only when unresolved/accepted. */
  pcm: Int16Array
  /** Engine speed of the audio used (the speaker's speed × the engine speed-up). */
  speed: number
  /** Length of the speech at the speaker's speed, trimmed. */
  naturalMs: number
  /** Length of the speech synthesized for placement (after the engine speed-up, before any stretch). */
  speechMs?: number
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

/** Cuts `pcm` to `length` samples with a short fade-out (an accepted overrun must not run into the next line). */
const cutWithFade = (pcm: Int16Array, length: number, rate: number): Int16Array => {
  const out = pcm.slice(0, Math.max(0, length))
  const fade = Math.min(out.length, Math.round((FADE_MS * rate) / 1000))
  for (let i = 0; i < fade; i++) out[out.length - 1 - i] = Math.round(out[out.length - 1 - i]! * (i / fade))
  return out
}

/** A line synthesized for its window (engine speed-up applied), not yet placed. */
export interface SynthesizedLine {
  index: number
  pcm: Int16Array
  /** Engine speed of the audio (the speaker's speed × the engine speed-up). */
  speed: number
  /** The engine speed-up measured (natural length / this length). */
  engineFactor: number
  naturalMs: number
  characters: number
}

/**
 * Synthesizes one line at the speaker's speed, trimmed; too long for its cue → re-synthesized at up to 1.25×
 * the speed. The engine speed-up counted against the highest total is the one measured, not the one asked for.
 */
export const synthesizeLine = async (
  line: DubLine,
  window: LineWindow,
  options: LineRenderOptions = {},
): Promise<SynthesizedLine> => {
  const rate = options.sampleRate ?? ENGINE_SAMPLE_RATE
  const fit = options.fit ?? DEFAULT_FIT
  let pcm = await speak(line, line.speed, rate, options)
  const naturalMs = msOf(pcm.length, rate)
  let speed = line.speed
  let engineFactor = 1
  const asked = engineSpeedup(naturalMs, window, fit)
  if (asked > 1 && line.speed < SPEED_RANGE.max) {
    speed = Math.min(SPEED_RANGE.max, Math.round(line.speed * asked * 1000) / 1000)
    const faster = await speak(line, speed, rate, options)
    if (faster.length > 0 && faster.length < pcm.length) {
      pcm = faster
      engineFactor = naturalMs / msOf(faster.length, rate)
    } else speed = line.speed
  }
  return {
    index: line.index,
    pcm,
    speed,
    engineFactor,
    naturalMs: Math.round(naturalMs),
    characters: [...line.speech].length,
  }
}

/**
 * The synthesized speech placed as decided: time-stretched when asked, cut (with a fade) only when the
 * placement is shorter than the speech — an `unresolved` or `accepted-overrun` line.
 */
export const placeSynthesized = (line: SynthesizedLine, placement: Placement, rate: number): RenderedLine => {
  let pcm = line.pcm
  if (placement.stretch > 1.001) pcm = timeStretch(pcm, rate, 1 / placement.stretch)
  const startSample = Math.round((placement.placedStartMs * rate) / 1000)
  const room = Math.round((placement.placedEndMs * rate) / 1000) - startSample
  // A stretch lands within a few samples of its target: only a real shortfall is a cut.
  const cut = pcm.length > room + Math.round(rate / 100)
  if (pcm.length > room) pcm = cut ? cutWithFade(pcm, room, rate) : pcm.slice(0, room)
  const placedEndMs = placement.placedStartMs + Math.round(msOf(pcm.length, rate))
  return {
    ...placement,
    placedEndMs,
    index: line.index,
    pcm,
    speed: line.speed,
    naturalMs: line.naturalMs,
    speechMs: Math.round(msOf(line.pcm.length, rate)),
    characters: line.characters,
  }
}

/** Renders one line alone into its window (the studio's preview): synthesize, then place as `placeLine` decides. */
export const renderLine = async (
  line: DubLine,
  window: LineWindow,
  options: LineRenderOptions = {},
): Promise<RenderedLine> => {
  const rate = options.sampleRate ?? ENGINE_SAMPLE_RATE
  const synthesized = await synthesizeLine(line, window, options)
  const placement = placeLine(
    msOf(synthesized.pcm.length, rate),
    window,
    synthesized.engineFactor,
    options.fit ?? DEFAULT_FIT,
  )
  const placed = placeSynthesized(synthesized, placement, rate)
  return { ...placed, shiftMs: 0, borrowedMs: Math.max(0, placed.placedEndMs - window.endMs) }
}
