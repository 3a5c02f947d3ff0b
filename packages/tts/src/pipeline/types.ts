/** Public request/result types of the synthesis pipeline. */
import type { SentenceCache } from '../cache/sentence-cache.ts'
import type { Mp3EncoderKind } from '../encoders/index.ts'
import type { AudioFormat, SynthesisOptions } from '../options.ts'
import type { Timeline } from '@loa/contracts/browser'
import type { SynthesisPool } from '../worker/pool.ts'
import type { EngineInfo } from '../worker/protocol.ts'

export interface SynthesisProgress {
  sentencesDone: number
  sentencesTotal: number
  /** Share of the work done, 0–1. */
  ratio: number
  audioMs: number
}

export interface SynthesisRequest extends SynthesisOptions {
  text: string
  signal?: AbortSignal
  onProgress?: (progress: SynthesisProgress) => void
  /** Sentence cache (default: a process-wide in-memory LRU; `false` disables caching). */
  cache?: SentenceCache | false
  /** Worker pool (default: the process-wide pool). */
  pool?: SynthesisPool
  /** MP3 encoder implementation (default `wasm`, falling back to `lamejs`). */
  mp3Encoder?: Mp3EncoderKind
}

export interface SynthesisSummary {
  format: AudioFormat
  mimeType: string
  sampleRate: number
  /** MP3 bitrate really used (kbps); 0 for WAV. */
  bitrate: number
  durationMs: number
  /** Characters of the input (Unicode code points), the billing unit. */
  characters: number
  timeline: Timeline
  engine: EngineInfo
  /** Speech units served from the sentence cache. */
  cacheHits: number
  speechUnits: number
}

export interface SynthesisResult extends SynthesisSummary {
  audio: Uint8Array
}
