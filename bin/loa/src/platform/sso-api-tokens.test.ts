import { generateKeyPairSync, sign } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApiApp, loadApiConfig } from '@loa/api'
import { openTestDatabase, type Database } from '@loa/db'
import { buildSsoApp, loadSsoConfig } from '@loa/sso'
import { freePort, signUpOverHttp } from '@loa/sso/testing'

/**
 * The product API against our real SSO (the two apps composed as `loa serve all` composes them): access tokens verify
 * with the JWKS (default) and with the realm info's PEM-wrapped `public_key` (SSO_REALM_INFO_URL), and
 * `POST auths/refresh-token` renews tokens at the SSO.
 */
const WEB = 'http://localhost:3000'
let database: Database
let sso: FastifyInstance
let issuer: string
let tokens: { access_token: string; refresh_token: string }

/** Signs a new user up on the SSO's page (as a browser would) and exchanges the code (PKCE) for tokens. */
const signUpForTokens = () =>
  signUpOverHttp({ ssoUrl: issuer, redirectUri: `${WEB}/studio`, origin: WEB, name: 'Realm Key' })

const apiWith = async (env: Record<string, string>) =>
  buildApiApp({
    config: loadApiConfig({ SSO_PUBLIC_URL: issuer, DATA_DIR: '/nonexistent', ...env }),
    database,
  })

const me = (api: FastifyInstance, token: string) =>
  api.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })

/** A token shaped like the SSO's but signed with another key. */
const forged = (): string => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const [header, payload] = tokens.access_token.split('.')
  return `${header}.${payload}.${sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url')}`
}

beforeAll(async () => {
  const port = await freePort()
  issuer = `http://127.0.0.1:${port}`
  database = await openTestDatabase()
  sso = buildSsoApp({
    config: loadSsoConfig(
      { SSO_PUBLIC_URL: issuer, WEB_PUBLIC_URL: WEB, SSO_PORT: String(port), HOST: '127.0.0.1' },
      { generateSecrets: false },
    ),
    database,
  })
  await sso.listen({ host: '127.0.0.1', port })
  tokens = await signUpForTokens()
}, 120_000)

afterAll(async () => {
  await sso?.close()
  await database?.close()
})

describe('spec §7 "realm info public key wrapped as a PEM key": both verification modes against our SSO', () => {
  it.each([
    ['the JWKS (default)', {}],
    [
      'the realm public_key (SSO_REALM_INFO_URL; the JWKS address is dead)',
      { SSO_REALM_INFO_URL: '', SSO_JWKS_URL: 'http://127.0.0.1:9/none' },
    ],
  ])('%s: our access token is accepted, a token signed elsewhere is refused', async (_mode, env) => {
    const api = await apiWith(
      'SSO_REALM_INFO_URL' in env ? { ...env, SSO_REALM_INFO_URL: `${issuer}/realms/loa` } : env,
    )
    try {
      const ok = await me(api, tokens.access_token)
      expect(ok.statusCode).toBe(200)
      expect(ok.json().result.name).toBe('Realm Key')
      const refused = await me(api, forged())
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toMatchObject({ status: 0, error_code: 'TOKEN_INVALID' })
    } finally {
      await api.close()
    }
  })

  it('a realm info that cannot be read is 503, never a silent accept', async () => {
    const api = await apiWith({ SSO_REALM_INFO_URL: `${issuer}/realms/nowhere` })
    try {
      expect((await me(api, tokens.access_token)).statusCode).toBe(503)
    } finally {
      await api.close()
    }
  })
})

describe('spec §7 "POST auths/refresh-token: refreshToken; reads status and result"', () => {
  it('renews the tokens at the SSO; the rotated refresh token is then refused with a code', async () => {
    const api = await apiWith({})
    try {
      const renewed = await api.inject({
        method: 'POST',
        url: '/api/v1/auths/refresh-token',
        payload: { refreshToken: tokens.refresh_token },
      })
      expect(renewed.statusCode).toBe(200)
      const body = renewed.json()
      expect(body.status).toBe(1)
      expect(body.result.refresh_token).not.toBe(tokens.refresh_token)
      expect((await me(api, body.result.access_token)).statusCode).toBe(200)
      const reused = await api.inject({
        method: 'POST',
        url: '/api/v1/auths/refresh-token',
        payload: { refresh_token: tokens.refresh_token },
      })
      expect(reused.statusCode).toBe(401)
      expect(reused.json()).toMatchObject({ status: 0, error_code: 'REFRESH_TOKEN_INVALID' })
      const empty = await api.inject({ method: 'POST', url: '/api/v1/auths/refresh-token', payload: {} })
      expect(empty.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    } finally {
      await api.close()
    }
  })
})
