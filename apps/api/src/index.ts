export { loadApiConfig, type ApiConfig } from './config.ts'
export { buildApiApp } from './app.ts'
export type { ApiDeps } from './types.ts'
export { ApiErrorCode } from './errors.ts'
export {
  createCreditsService,
  CREDIT_ENTRY_KINDS,
  type CreditsService,
  type CreditEntry,
  type CreditEntryKind,
  type Reservation,
} from './services/credits.ts'
export type { AuthUser } from './plugins/token-verifier.ts'
export { createSampleFileWriter } from './lib/sample-writer.ts'
