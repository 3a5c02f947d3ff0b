import { afterEach, beforeEach, vi } from 'vitest'
import {
  pkceCookieName,
  readChallengeRecord,
  saveChallengeRecord,
  type LoginChallengeRecord,
} from './challenge-cookie.ts'
import type { SsoConfig } from './config.ts'
import type { SsoEnvironment } from './environment.ts'
import { SsoClient } from './sso-client.ts'
import {
  recordingEnvironment,
  resetPage,
  ScriptedSso,
  TEST_CONFIG,
  testRecord,
  type RecordingEnvironment,
} from './test-support.ts'

/** Shared set-up of the `SsoClient` tests (`sso-client.*.test.ts`): a client on a jsdom page against a scripted SSO. */

export const REFRESH = '/api/v1/auth/refresh-token'
export const TOKEN = '/api/v1/oauth/token'
export const LOGOUT = '/api/v1/logout'
export const ONE_TAP = '/api/v1/auth/google-one-tap'
export const COOKIE = pkceCookieName('loa-web', 'localhost:3000')

export const documentJar = {
  read: () => document.cookie,
  write: (cookie: string) => {
    document.cookie = cookie
  },
}

const stops: Array<() => void> = []

/** Registers the per-test page reset and the stop of every client started with `setup().start()`. */
export function resetClientPageEachTest(): void {
  beforeEach(() => resetPage('/'))
  afterEach(() => {
    while (stops.length) stops.pop()?.()
    vi.useRealTimers()
  })
}

export interface ClientSetup {
  client: SsoClient
  sso: ScriptedSso
  env: RecordingEnvironment
  start: () => void
}

export function setup(
  options: { config?: Partial<SsoConfig>; sso?: ScriptedSso; env?: Partial<SsoEnvironment> } = {},
): ClientSetup {
  const sso = options.sso ?? new ScriptedSso()
  const env = recordingEnvironment(sso, options.env)
  const config = { ...TEST_CONFIG, ...options.config } as SsoConfig
  const client = new SsoClient(config, env)
  return { client, sso, env, start: () => void stops.push(client.start()) }
}

export function saveRecord(overrides: Partial<LoginChallengeRecord> = {}): LoginChallengeRecord {
  const record = testRecord({ createdAt: Date.now(), ...overrides })
  saveChallengeRecord(documentJar, { name: COOKIE, domain: undefined, secure: false }, record)
  return record
}

export const hasRecord = (): boolean => readChallengeRecord(documentJar, COOKIE) !== undefined
