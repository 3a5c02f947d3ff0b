import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoIdentities, ssoUsers } from '../store/tables.ts'
import {
  CookieJar,
  ISSUER,
  SPA,
  codeFrom,
  createHarness,
  exchangeCode,
  pkcePair,
  signUpAndExchange,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'
import { startUpstreamProvider, type UpstreamProfile, type UpstreamProvider } from './social-servers.ts'

/**
 * sso-security.md checklist group F, end to end: Google sign-in against a certified OpenID provider
 * (`oidc-provider`) on 127.0.0.1. Each provider's own wire (Google, Facebook, Zalo, any OpenID provider) is in
 * social-providers.test.ts; Google One Tap in one-tap.test.ts.
 */
describe('F. social login', () => {
  let h: Harness
  let upstream: UpstreamProvider

  beforeAll(async () => {
    upstream = await startUpstreamProvider()
    h = await createHarness({
      GOOGLE_CLIENT_ID: 'loa-sso',
      GOOGLE_CLIENT_SECRET: 'upstream-secret-value',
      GOOGLE_ISSUER: upstream.issuer,
    })
  })
  afterAll(async () => {
    await h.close()
    await upstream.close()
  })

  /** Starts social login at the SSO and follows the browser through the upstream provider back to the SSO callback. */
  const socialLogin = async (accountId: string, profile: UpstreamProfile, provider: 'google' = 'google') => {
    upstream.accounts[accountId] = profile
    upstream.nextAccount = accountId
    const ssoJar = new CookieJar()
    const upJar = new CookieJar()
    const pkce = pkcePair()
    const q = new URLSearchParams({
      clientId: SPA.clientId,
      redirectUri: SPA.redirectUri,
      responseType: 'code',
      codeChallenge: pkce.challenge,
      codeChallengeMethod: 'S256',
      state: 'social-state',
    })
    const start = await h.app.inject({ method: 'GET', url: `/api/v1/auth/${provider}?${q}` })
    ssoJar.absorb(start)
    expect(start.statusCode).toBe(303)
    let location = start.headers.location as string
    const upstreamUrl = new URL(location)
    expect(upstreamUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(upstreamUrl.searchParams.get('state')).toBeTruthy()
    if (provider === 'google') expect(upstreamUrl.searchParams.get('nonce')).toBeTruthy()
    for (let hop = 0; hop < 10 && location.startsWith(upstream.issuer); hop++) {
      const res = await fetch(location, { redirect: 'manual', headers: { cookie: upJar.header() } })
      upJar.absorb(res)
      expect([302, 303]).toContain(res.status)
      location = new URL(res.headers.get('location')!, location).href
    }
    expect(location.startsWith(`${ISSUER}/api/v1/auth/${provider}/callback?`)).toBe(true)
    const cb = await h.app.inject({
      method: 'GET',
      url: location.slice(ISSUER.length),
      headers: { cookie: ssoJar.header() },
    })
    ssoJar.absorb(cb)
    return { cb, pkce, ssoJar, callbackUrl: location }
  }

  /** Exchanges the code the SSO sent back to the client after social login, as the client would. */
  const exchangeSocialCode = (location: string, verifier: string) =>
    exchangeCode(h, {
      grant_type: 'authorization_code',
      client_id: SPA.clientId,
      code: codeFrom(location),
      code_verifier: verifier,
      redirect_uri: SPA.redirectUri,
    })

  it('Google sign-in end to end: state + PKCE + nonce upstream, account created and linked, code back to the client', async () => {
    const email = uniqueEmail('social')
    const { cb, pkce } = await socialLogin('up-new', { email, email_verified: true, name: 'Lê Văn C' })
    expect(cb.statusCode).toBe(303)
    const loc = new URL(cb.headers.location as string)
    expect(`${loc.origin}${loc.pathname}`).toBe(SPA.redirectUri)
    expect(loc.searchParams.get('state')).toBe('social-state')
    const token = await exchangeSocialCode(cb.headers.location as string, pkce.verifier)
    expect(token.statusCode).toBe(200)
    const [user] = await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email))
    expect(user).toMatchObject({ name: 'Lê Văn C', emailVerified: true, passwordHash: null })
    const [identity] = await h.database.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.userId, user!.id))
    expect(identity).toMatchObject({ provider: 'google', subject: 'up-new' })
    // signing in again with the same upstream account reuses the same local account
    const again = await socialLogin('up-new', { email, email_verified: true, name: 'Lê Văn C' })
    expect(again.cb.statusCode).toBe(303)
    expect((await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email))).length).toBe(1)
  })

  it('a verified upstream email links to the existing local account; an unverified one never does', async () => {
    const local = await signUpAndExchange(h)
    const unverified = await socialLogin('up-unverified', {
      email: local.email,
      email_verified: false,
      name: 'X',
    })
    expect(new URL(unverified.cb.headers.location as string).searchParams.get('error')).toBe(
      'user_already_exists',
    )
    expect(
      await h.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'up-unverified')),
    ).toHaveLength(0)
    const verified = await socialLogin('up-verified', { email: local.email, email_verified: true, name: 'X' })
    expect(new URL(verified.cb.headers.location as string).searchParams.get('code')).toBeTruthy()
    const [identity] = await h.database.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.subject, 'up-verified'))
    const [user] = await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, local.email))
    expect(identity!.userId).toBe(user!.id)
  })

  it('F1: unknown or traversal providers are 404 with no outbound request', async () => {
    const hits = upstream.hits
    for (const path of [
      '/api/v1/auth/unknownprovider',
      '/api/v1/auth/..%2f..%2fadmin',
      '/api/v1/auth/twitter',
    ])
      expect((await h.app.inject({ method: 'GET', url: `${path}?clientId=test-spa` })).statusCode, path).toBe(
        404,
      )
    expect(upstream.hits).toBe(hits)
  })

  it('spec §7 social login: GET /api/v1/auth/{provider} for an unconfigured provider is a coded error page, not a bare 404', async () => {
    const page = await h.app.inject({
      method: 'GET',
      url: '/api/v1/auth/twitter?clientId=test-spa',
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    })
    expect(page.statusCode).toBe(404)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['x-error-code']).toBe('SOCIAL_PROVIDER_NOT_CONFIGURED')
    expect(page.body).toContain('data-error-code="SOCIAL_PROVIDER_NOT_CONFIGURED"')
    expect(page.body).toContain('This way of signing in is not configured')
    const api = await h.app.inject({ method: 'GET', url: '/api/v1/auth/twitter?clientId=test-spa' })
    expect(api.json()).toMatchObject({ status: 0, error_code: 'SOCIAL_PROVIDER_NOT_CONFIGURED' })
  })

  it('F2: a callback with a wrong or missing state, or without the transaction cookie, is refused without a session', async () => {
    upstream.accounts['up-f2'] = { email: uniqueEmail('f2'), email_verified: true, name: 'F2' }
    upstream.nextAccount = 'up-f2'
    const { challenge } = pkcePair()
    const q = new URLSearchParams({
      clientId: SPA.clientId,
      redirectUri: SPA.redirectUri,
      responseType: 'code',
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      state: 's',
    })
    for (const tamper of ['wrong', 'missing', 'nocookie'] as const) {
      const jar = new CookieJar()
      const start = await h.app.inject({ method: 'GET', url: `/api/v1/auth/google?${q}` })
      jar.absorb(start)
      const up = new URL(start.headers.location as string)
      const state = up.searchParams.get('state')!
      const cbQuery = new URLSearchParams({ code: 'anything', iss: upstream.issuer })
      if (tamper === 'wrong') cbQuery.set('state', `${state}x`)
      if (tamper === 'nocookie') cbQuery.set('state', state)
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/v1/auth/google/callback?${cbQuery}`,
        headers: tamper === 'nocookie' ? {} : { cookie: jar.header() },
      })
      expect(res.statusCode, tamper).toBe(400)
      expect(res.headers.location).toBeUndefined()
      expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/loa_sso_session=[^;]/)
    }
  })
})
