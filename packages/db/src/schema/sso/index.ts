export * from './schema.ts'
export * from './tables.ts'
