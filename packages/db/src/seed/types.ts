import type { Db } from '../client.ts'

export interface SeedContext {
  db: Db
  log?: (message: string) => void
  /** Options a seed may need (for example the web app's URL for the SSO client's redirect URIs). */
  options?: SeedOptions
}

export interface SeedOptions {
  webUrl?: string
  /** Where generated files (voice samples) go; seeds that produce files skip that step without it. */
  writeFile?: (key: string, bytes: Uint8Array, contentType: string) => Promise<string>
}

export type SeedFunction = (ctx: SeedContext) => Promise<void>
