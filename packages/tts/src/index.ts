/** @loa/tts — Vietnamese text to speech: normalizer, voices, engines, pipeline, timeline, worker pool. */
export * from './normalize/index.ts'
export { TtsError, isTtsError, type TtsErrorCode } from './errors.ts'
export {
  setVoicesDir,
  getVoicesDir,
  installedVoices,
  voiceProblems,
  type VoiceProblem,
} from './voices-installed.ts'
export {
  installVoice,
  removeVoice,
  VoiceInstallError,
  DEFAULT_PIPER_VOICES_URL,
  type InstallOptions,
  type InstalledVoice,
} from './voices-install.ts'
export {
  VOICES,
  DEFAULT_VOICE_CODE,
  listVoices,
  findVoice,
  getVoice,
  voiceEngine,
  type PiperVoiceRef,
  type LoaVoice,
  type Gender,
  type VoicePurpose,
  type EngineId,
  type VoiceEngineMapping,
} from './voices.ts'
export {
  resolveOptions,
  effectiveBitrate,
  DEFAULT_PAUSES,
  DEFAULT_MAX_CHARACTERS,
  SPEED_RANGE,
  BITRATE_RANGE,
  SAMPLE_RATE_RANGE,
  MP3_SAMPLE_RATES,
  ENGINE_SAMPLE_RATE,
  type AudioFormat,
  type PauseSettings,
  type EnginePreference,
  type SynthesisOptions,
  type ResolvedOptions,
} from './options.ts'
export { segmentText, type Segment, type SpeechSegment, type PauseSegment } from './segment/segmenter.ts'
export { synthesize, synthesizeStream, type SynthesisStream } from './pipeline/synthesize.ts'
export type {
  SynthesisRequest,
  SynthesisResult,
  SynthesisSummary,
  SynthesisProgress,
} from './pipeline/types.ts'
export {
  createMemoryCache,
  sentenceCacheKey,
  serializeCachedUnit,
  deserializeCachedUnit,
  type SentenceCache,
  type CachedUnit,
  type MemorySentenceCache,
} from './cache/sentence-cache.ts'
export { toSrt, toVtt, type SubtitleOptions } from './timeline/subtitles.ts'
export type { Timeline, TimelineSentence, TimelineWord } from '@loa/contracts/browser'
export {
  createSynthesisPool,
  getSharedPool,
  closeSharedPool,
  type SynthesisPool,
  type SynthesisPoolOptions,
} from './worker/pool.ts'
export type { EngineInfo } from './worker/protocol.ts'
export type { SpeechEngine, EngineInput, EngineOutput, EngineWord, EngineVoice } from './engines/types.ts'
export { getEngine } from './engines/registry.ts'
export {
  configureVoiceProviders,
  onProviderStateChange,
  providerState,
  providerVoices,
} from './providers/state.ts'
export { probeProvider, PROBE_TEXT, type ProbeResult } from './providers/probe.ts'
export type { ProviderState } from './providers/client.ts'
export type { ProviderConfig, ProviderVoiceRef } from './providers/types.ts'
export { probeNativeEspeak } from './engines/espeak-native.ts'
export { parseWav, wavHeader } from './audio/wav.ts'
export { readMp3Info, type Mp3Info } from './audio/mp3-info.ts'
export { timeStretch } from './audio/time-stretch.ts'
export { speechBounds } from './audio/levels.ts'
export { createEncoder } from './encoders/index.ts'
export { concatBytes } from './encoders/types.ts'
export {
  linearToUlaw,
  ulawToLinear,
  linearToAlaw,
  alawToLinear,
  encodeG711,
  decodeG711,
  g711WavHeader,
  G711_FORMAT_TAG,
  type G711Law,
} from './encoders/g711.ts'
export {
  TELEPHONY_RENDER_RATE,
  TELEPHONY_MIME,
  createTelephonyEncoder,
  createWavTranscoder,
  encodeTelephony,
  type TelephonyTarget,
} from './encoders/telephony.ts'
export { createDecimator, decimate, NARROWBAND_CUTOFF_HZ } from './audio/band-limit.ts'
