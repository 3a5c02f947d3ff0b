export * from './schema.ts'
export * from './jobs.ts'
