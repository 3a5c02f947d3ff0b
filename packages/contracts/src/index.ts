export * from './browser.ts'
export * from './strict.ts'
export * from './voice-providers.ts'
