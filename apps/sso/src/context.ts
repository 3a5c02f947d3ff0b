import type { Database, Db } from '@loa/db'
import type { SsoConfig } from './config.ts'
import type { Clock } from './lib/clock.ts'
import type { KeyRing } from './store/keys.ts'
import type { Mailer } from './store/outbox.ts'
import type { SessionLifetimes } from './store/sessions.ts'
import type { ThrottlePolicy } from './store/throttle.ts'

/** Everything a route needs, built once per app. */
export interface SsoContext {
  config: SsoConfig
  database: Database
  db: Db
  clock: Clock
  now: () => Date
  keys: KeyRing
  mailer: Mailer
  /** HMAC secret for CSRF tokens (generated once, kept in `sso.settings`). */
  cookieSecret: string
  lifetimes: SessionLifetimes
  throttle: ThrottlePolicy
  isAllowedOrigin: (origin: string) => Promise<boolean>
  /** Realm-wide revocation: tokens with `iat` before this (epoch seconds) are rejected. */
  tokensNotBefore: () => Promise<number>
}
