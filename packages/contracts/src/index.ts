export * from './browser.ts'
export * from './strict.ts'
