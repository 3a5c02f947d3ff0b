/**
 * @loa/synthesis — what the api and the worker share about synthesis requests (one source of truth for both
 * processes): job specs, the persistent sentence cache, the renderer (also used by the streaming endpoints), the
 * billing rule, the transaction-level ledger settlement, the final request transitions and the callback policy;
 * and the domain service the api uses (validation, voices, create/cancel/remove, progress stream, downloads).
 */
export {
  callbackJobId,
  callbackJobSpec,
  synthesisJobSpec,
  WEBHOOK_SHAPES,
  type WebhookShape,
} from './spec.ts'
export {
  createPersistentSentenceCache,
  trackingCache,
  type PersistentSentenceCache,
  type UnitLookup,
} from './cache.ts'
export {
  renderSynthesis,
  sentenceCosts,
  type RenderedSentenceCost,
  type RenderInput,
  type RenderOutput,
  type RenderParagraph,
} from './render.ts'
export { chargeReservation, releaseReservation, type Tx } from './ledger.ts'
export {
  completeRequest,
  failRequest,
  sentenceCacheFor,
  settleFinal,
  synthesisKeys,
  type CompletedRender,
  type RequestRow,
} from './requests.ts'
export { callbackPayload, CALLBACK_LINK_TTL_SECONDS, vbeeRequestFields } from './callback-payload.ts'
export * from './callbacks/index.ts'
export * from './service/index.ts'
export * from './jobs/index.ts'
export { generateVoiceSample, generateVoiceSamples } from './voice-samples.ts'
export {
  assertAudioKept,
  audioExpired,
  audioWasDeleted,
  RetentionErrorCode,
  type RetainedRow,
} from './audio-expired.ts'
export {
  AUDIO_TYPES,
  PCM_CONTENT_TYPE,
  renderAudioType,
  renderFormatOf,
  wavToPcm,
  type AudioType,
} from './pcm.ts'
export {
  RETENTION_SWEEP_BATCH,
  retainUntilFrom,
  sweepExpiredAudio,
  sweptRequestOf,
  type RetentionSweepResult,
} from './retention.ts'
export { v1RequestOf, type V1Request } from './v1-request.ts'
export { SYNTHESIS_RANGES, voiceRegistry, type VoiceFacts } from './voice-registry.ts'
export {
  clashOf,
  createVoiceProviderSource,
  mergeProviders,
  readStoredProviders,
  type StoredProvider,
  type VoiceProviderSource,
} from './voice-provider-source.ts'
export { providerAppError } from './provider-errors.ts'
export {
  G711_AUDIO_TYPES,
  audioExtensionOf,
  g711MimeOf,
  isG711,
  storedSampleRate,
  telephonyChunks,
  telephonyTargetOf,
  type G711AudioType,
} from './telephony.ts'
export * from './call-prompts/index.ts'
