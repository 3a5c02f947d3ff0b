import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApiApp, loadApiConfig } from '@loa/api'
import { deleteRedisKeys } from '@loa/service-kit'
import {
  OPERATOR_KEY,
  OTHER,
  createHarness,
  freePort,
  signUpAndExchange,
  type Harness,
} from '@loa/sso/testing'

/**
 * Issue 13, defect 6, against our real SSO (composed as `loa serve all` composes it): the API refuses an access
 * token issued to another client of the SSO (audience), and a token whose session was signed out or whose
 * account was locked within the session-check cache time instead of at its expiry.
 */
const WEB = { clientId: 'loa-web', redirectUri: 'http://localhost:3000/studio' }
let h: Harness
let api: FastifyInstance
let ssoUrl: string

beforeAll(async () => {
  h = await createHarness()
  const port = await freePort()
  await h.app.listen({ host: '127.0.0.1', port })
  ssoUrl = `http://127.0.0.1:${port}`
  api = await buildApiApp({
    config: loadApiConfig({
      SSO_PUBLIC_URL: h.config.issuer,
      SSO_JWKS_URL: `${ssoUrl}/protocol/openid-connect/certs`,
      API_SESSION_CHECK_URL: `${ssoUrl}/protocol/openid-connect/token/introspect`,
      API_SESSION_CACHE_MS: '300',
      DATA_DIR: '/nonexistent',
    }),
    database: h.database,
  })
}, 120_000)

afterAll(async () => {
  await api?.close()
  await h?.close()
})

const me = (token: string) =>
  api.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })
const settle = () => new Promise((r) => setTimeout(r, 400))
/** Signs the browser (its SSO cookies) out at the SSO, as the web's sign-out button does. */
const signOut = (cookie: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/logout',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
    payload: JSON.stringify({ clientId: WEB.clientId, redirectUri: 'http://localhost:3000/' }),
  })

describe('access tokens at the API', () => {
  it('refuses a token issued to another client of the SSO (audience)', async () => {
    const web = await signUpAndExchange(h, WEB)
    expect((await me(web.tokens.access_token)).statusCode).toBe(200)
    const other = await signUpAndExchange(h, { clientId: OTHER.clientId, redirectUri: OTHER.redirectUri })
    const refused = await me(other.tokens.access_token)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ status: 0, error_code: 'TOKEN_INVALID' })
  })

  it('refuses a token once its session is signed out, within the cache time', async () => {
    const a = await signUpAndExchange(h, WEB)
    expect((await me(a.tokens.access_token)).statusCode).toBe(200)
    expect((await signOut(a.jar.header())).json().status).toBe(1)
    await settle()
    const refused = await me(a.tokens.access_token)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ status: 0, error_code: 'TOKEN_INVALID' })
  })

  it('refuses every token of an account the operator locked', async () => {
    const a = await signUpAndExchange(h, WEB)
    const sub = (await me(a.tokens.access_token)).json().result.id as string
    const locked = await h.app.inject({
      method: 'POST',
      url: `/admin/v1/users/${sub}/lock`,
      headers: { authorization: `Bearer ${OPERATOR_KEY}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ locked: true }),
    })
    expect(locked.statusCode, locked.body).toBe(200)
    await settle()
    expect((await me(a.tokens.access_token)).statusCode).toBe(401)
  })
})

/** Scale mode: a revoked session seen by one API replica is refused by another through Redis. */
const redisUrl = process.env.TEST_REDIS_URL ?? ''
if (!redisUrl)
  console.warn('\n!!! SKIPPED: session status shared through Redis — TEST_REDIS_URL is not set !!!\n')

describe.skipIf(!redisUrl)('session status across API replicas (TEST_REDIS_URL)', () => {
  const prefix = `loa-test-session-${randomUUID().slice(0, 8)}:`
  const replica = (checkUrl: string) =>
    buildApiApp({
      config: loadApiConfig({
        SSO_PUBLIC_URL: h.config.issuer,
        SSO_JWKS_URL: `${ssoUrl}/protocol/openid-connect/certs`,
        API_SESSION_CHECK_URL: checkUrl,
        API_SESSION_CACHE_MS: '60000',
        REDIS_URL: redisUrl,
        RATE_LIMIT_REDIS_PREFIX: prefix,
        DATA_DIR: '/nonexistent',
      }),
      database: h.database,
    })
  afterAll(() => deleteRedisKeys(redisUrl, prefix))

  it('the second replica refuses a signed-out token although it cannot reach the SSO itself', async () => {
    const first = await replica(`${ssoUrl}/protocol/openid-connect/token/introspect`)
    // Port 9 (discard) answers nothing: this replica can learn the session's end only from Redis.
    const second = await replica('http://127.0.0.1:9/introspect')
    try {
      const a = await signUpAndExchange(h, WEB)
      const call = (app: FastifyInstance) =>
        app.inject({
          method: 'GET',
          url: '/api/v1/me',
          headers: { authorization: `Bearer ${a.tokens.access_token}` },
        })
      expect((await call(second)).statusCode).toBe(200)
      await signOut(a.jar.header())
      expect((await call(first)).statusCode).toBe(401)
      expect((await call(second)).statusCode).toBe(401)
    } finally {
      await first.close()
      await second.close()
    }
  })
})
