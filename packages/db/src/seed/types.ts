import type { Db } from '../client.ts'

export interface SeedContext {
  db: Db
  log?: (message: string) => void
  /** Options a seed may need (for example the web app's URL for the SSO client's redirect URIs). */
  options?: SeedOptions
}

export interface SeedOptions {
  webUrl?: string
}

export type SeedFunction = (ctx: SeedContext) => Promise<void>
