/**
 * What the api needs from synthesis (one source of truth for both processes): job specs, the persistent
 * sentence cache, the renderer (used by the streaming endpoints), the billing rule, the tx-level ledger
 * settlement and the callback URL policy.
 */
export { callbackJobId, callbackJobSpec, synthesisJobSpec } from './synthesis-spec.ts'
export { createPersistentSentenceCache, trackingCache, type UnitLookup } from './synthesis-cache.ts'
export {
  billableCharacters,
  joinParagraphs,
  renderSynthesis,
  sentenceCosts,
  type RenderInput,
  type RenderOutput,
  type RenderParagraph,
} from './synthesis-render.ts'
export { chargeReservation, releaseReservation } from './synthesis-ledger.ts'
export { completeRequest, failRequest, sentenceCacheFor, synthesisKeys } from './synthesis.ts'
export { callbackPayload, CALLBACK_LINK_TTL_SECONDS } from './callback.ts'
export {
  CallbackTargetError,
  vetCallbackUrl,
  verifySignature,
  SIGNATURE_HEADER,
  type DeliveryAttempt,
} from '../callbacks/index.ts'
