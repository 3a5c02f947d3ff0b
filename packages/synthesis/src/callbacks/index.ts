export { blockedReason } from './address-policy.ts'
export { SIGNATURE_HEADER, signPayload, verifySignature } from './signature.ts'
export {
  CallbackTargetError,
  DEFAULT_CALLBACK_POLICY,
  deliverCallback,
  vetCallbackUrl,
  type CallbackPolicy,
  type CallbackTargetErrorCode,
  type DeliveryAttempt,
  type VettedTarget,
} from './deliver.ts'
