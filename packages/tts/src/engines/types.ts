/** The speech-engine plugin contract: one file per engine, loaded lazily by the registry. */
import type { ClausePause } from '../segment/segmenter.ts'
import type { EngineId, VoiceEngineMapping } from '../voices.ts'

export interface EngineVoice {
  id: string
  name: string
  languages: string[]
}

/** Prosody for one call (the voice's values scaled by the requested speed). */
export interface EngineSettings {
  /** Words per minute (eSpeak accepts 80–450). */
  rate: number
  /** 0–99. */
  pitch: number
  /** 0–99 (engines that cannot set it ignore it). */
  range: number
  /** The requested speed (neural engines map it onto their duration scale instead of `rate`). */
  speed?: number
}

/** One speech unit: a sentence with the clause pauses the engine renders inside it. */
export interface EngineInput {
  text: string
  clausePauses: readonly ClausePause[]
}

/** A word of the input with its position in `EngineInput.text` and in the returned audio. */
export interface EngineWord {
  text: string
  offset: number
  length: number
  startMs: number
  endMs: number
}

export interface EngineOutput {
  pcm: Int16Array
  sampleRate: number
  words: EngineWord[]
  /** How word times were obtained: engine events, or estimated from the audio. */
  timing: 'events' | 'estimated'
}

export interface SpeechEngine {
  readonly id: EngineId
  /** Changes whenever audio for the same input may change (part of the sentence-cache key). */
  readonly version: string
  listVoices(): Promise<EngineVoice[]>
  synthesize(
    input: EngineInput,
    voice: Pick<VoiceEngineMapping, 'espeakVoice' | 'variant' | 'piper'>,
    settings: EngineSettings,
  ): Promise<EngineOutput>
  /** Optional: several units in one call (engines with a high per-call cost); same order as `inputs`. */
  synthesizeBatch?(
    inputs: readonly EngineInput[],
    voice: Pick<VoiceEngineMapping, 'espeakVoice' | 'variant' | 'piper'>,
    settings: EngineSettings,
  ): Promise<EngineOutput[]>
  close(): Promise<void>
}

export interface EngineFactoryOptions {
  /** Path or name of the native espeak-ng binary (default `espeak-ng`, found on PATH). */
  espeakPath?: string
  /** The piper engine's phonemizer: native espeak-ng (default when installed) or its WebAssembly build. */
  phonemizer?: 'native' | 'wasm'
}
