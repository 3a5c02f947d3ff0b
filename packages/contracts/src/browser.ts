/**
 * The browser-safe entry of @loa/contracts (`@loa/contracts/browser`): everything here is plain TypeScript with no
 * imports outside this folder — no zod, nothing of Node — so the web bundle and the SSO client can take it whole.
 * The default entry adds the zod helpers (strict.ts) for the services.
 */
export * from './errors.ts'
export * from './error-codes/common.ts'
export * from './constants.ts'
export * from './catalogue.ts'
export * from './case.ts'
export * from './synthesis.ts'
export * from './timeline.ts'
export * from './word-key.ts'
export * from './device-name.ts'
export * from './quick-start.ts'
export * from './engine-voices.ts'
export * from './voice-tiers.ts'
export * from './dubbing.ts'
export * from './units.ts'
