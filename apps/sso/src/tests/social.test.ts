import { createServer, type Server } from 'node:http'
import { and, eq } from 'drizzle-orm'
import { SignJWT, exportJWK, generateKeyPair } from 'jose'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoIdentities, ssoUsers } from '../store/tables.ts'
import {
  CookieJar,
  ISSUER,
  SPA,
  codeFrom,
  createHarness,
  exchangeCode,
  freePort,
  pkcePair,
  signUpAndExchange,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'

/**
 * sso-security.md checklist group F, end to end: Google sign-in against a real OpenID provider (`oidc-provider`)
 * on 127.0.0.1, and Google One Tap against a real JWKS endpoint with real RS256 signatures.
 */
const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

describe('F. social login and One Tap', () => {
  let h: Harness
  let upstream: Server
  let jwksServer: Server
  let upstreamIssuer: string
  let upstreamHits = 0
  let googleKey: CryptoKey
  const accounts: Record<string, { email: string; email_verified: boolean; name: string }> = {}
  let nextAccount = ''

  beforeAll(async () => {
    const upPort = await freePort()
    upstreamIssuer = `http://127.0.0.1:${upPort}`
    const provider = new Provider(upstreamIssuer, {
      clients: [
        {
          client_id: 'loa-sso',
          client_secret: 'upstream-secret-value',
          redirect_uris: [`${ISSUER}/api/v1/auth/google/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
        {
          client_id: 'loa-fb',
          client_secret: 'facebook-secret-value',
          redirect_uris: [`${ISSUER}/api/v1/auth/facebook/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: id, ...accounts[id] }),
      }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      cookies: { keys: ['upstream-cookie-key-for-tests'] },
    })
    const callback = provider.callback()
    upstream = createServer((req, res) => {
      upstreamHits++
      if (!req.url?.startsWith('/interaction/')) return void callback(req, res)
      void (async () => {
        const details = await provider.interactionDetails(req, res)
        if (details.prompt.name === 'login')
          return provider.interactionFinished(
            req,
            res,
            { login: { accountId: nextAccount } },
            { mergeWithLastSubmission: false },
          )
        const grant = new provider.Grant({
          accountId: details.session!.accountId,
          clientId: details.params.client_id as string,
        })
        grant.addOIDCScope('openid email profile')
        return provider.interactionFinished(
          req,
          res,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        )
      })().catch((error: unknown) => {
        res.statusCode = 500
        res.end(String(error))
      })
    })
    await listen(upstream, upPort)

    const pair = await generateKeyPair('RS256')
    googleKey = pair.privateKey
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'google-test-key', alg: 'RS256', use: 'sig' }
    const jwksPort = await freePort()
    jwksServer = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ keys: [jwk] }))
    })
    await listen(jwksServer, jwksPort)

    h = await createHarness({
      GOOGLE_CLIENT_ID: 'loa-sso',
      GOOGLE_CLIENT_SECRET: 'upstream-secret-value',
      GOOGLE_ISSUER: upstreamIssuer,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/certs`,
      // Facebook's branch is plain OAuth 2.0 (code + PKCE, then a userinfo call); the local provider plays Facebook.
      FACEBOOK_CLIENT_ID: 'loa-fb',
      FACEBOOK_CLIENT_SECRET: 'facebook-secret-value',
      FACEBOOK_AUTHORIZATION_URL: `${upstreamIssuer}/auth`,
      FACEBOOK_TOKEN_URL: `${upstreamIssuer}/token`,
      FACEBOOK_USERINFO_URL: `${upstreamIssuer}/me`,
      FACEBOOK_SCOPE: 'openid email profile',
    })
  })
  afterAll(async () => {
    await h.close()
    await close(upstream)
    await close(jwksServer)
  })

  /** Starts social login at the SSO and follows the browser through the upstream provider back to the SSO callback. */
  const socialLogin = async (
    accountId: string,
    profile: { email: string; email_verified: boolean; name: string },
    provider: 'google' | 'facebook' = 'google',
  ) => {
    accounts[accountId] = profile
    nextAccount = accountId
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
    for (let hop = 0; hop < 10 && location.startsWith(upstreamIssuer); hop++) {
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

  it('Google sign-in end to end: state + PKCE + nonce upstream, account created and linked, code back to the client', async () => {
    const email = uniqueEmail('social')
    const { cb, pkce } = await socialLogin('up-new', { email, email_verified: true, name: 'Lê Văn C' })
    expect(cb.statusCode).toBe(303)
    const loc = new URL(cb.headers.location as string)
    expect(`${loc.origin}${loc.pathname}`).toBe(SPA.redirectUri)
    expect(loc.searchParams.get('state')).toBe('social-state')
    const token = await exchangeCode(h, {
      grant_type: 'authorization_code',
      client_id: SPA.clientId,
      code: codeFrom(cb.headers.location as string),
      code_verifier: pkce.verifier,
      redirect_uri: SPA.redirectUri,
    })
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

  it('Facebook-style OAuth 2.0 sign-in: code + PKCE upstream, profile from the userinfo endpoint', async () => {
    const email = uniqueEmail('facebook')
    const { cb, pkce } = await socialLogin(
      'fb-user',
      { email, email_verified: true, name: 'Hoàng E' },
      'facebook',
    )
    expect(cb.statusCode).toBe(303)
    const token = await exchangeCode(h, {
      grant_type: 'authorization_code',
      client_id: SPA.clientId,
      code: codeFrom(cb.headers.location as string),
      code_verifier: pkce.verifier,
      redirect_uri: SPA.redirectUri,
    })
    expect(token.statusCode).toBe(200)
    const [identity] = await h.database.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.provider, 'facebook'))
    expect(identity).toMatchObject({ subject: 'fb-user', email })
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
    const hits = upstreamHits
    for (const path of [
      '/api/v1/auth/unknownprovider',
      '/api/v1/auth/..%2f..%2fadmin',
      '/api/v1/auth/twitter',
    ])
      expect((await h.app.inject({ method: 'GET', url: `${path}?clientId=test-spa` })).statusCode, path).toBe(
        404,
      )
    expect(upstreamHits).toBe(hits)
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
    accounts['up-f2'] = { email: uniqueEmail('f2'), email_verified: true, name: 'F2' }
    nextAccount = 'up-f2'
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
      const cbQuery = new URLSearchParams({ code: 'anything', iss: upstreamIssuer })
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

  describe('One Tap', () => {
    const oneTap = (body: Record<string, unknown>, origin = SPA.origin) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/google-one-tap',
        headers: { 'content-type': 'application/json', origin },
        payload: JSON.stringify(body),
      })
    const googleToken = (
      claims: Record<string, unknown>,
      key: CryptoKey | Uint8Array = googleKey,
      alg = 'RS256',
    ) => {
      const now = Math.floor(h.clock.now() / 1000)
      return new SignJWT({ email_verified: true, name: 'One Tap', ...claims })
        .setProtectedHeader({ alg, kid: 'google-test-key' })
        .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
        .setAudience((claims.aud as string) ?? 'loa-sso')
        .setSubject((claims.sub as string) ?? `g-${Math.random()}`)
        .setIssuedAt(now)
        .setExpirationTime((claims.exp as number) ?? now + 600)
        .sign(key)
    }

    it('a valid Google ID token signs in and answers tokens with status 1', async () => {
      const email = uniqueEmail('onetap')
      const res = await oneTap({
        clientId: SPA.clientId,
        token: await googleToken({ email }),
        affiliateCode: 'AFF-123',
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ status: 1, result: { token_type: 'Bearer' } })
      expect(res.headers['access-control-allow-origin']).toBe(SPA.origin)
      const [user] = await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email))
      expect(user).toMatchObject({ affiliateCode: 'AFF-123', emailVerified: true })
    })

    it('F3: wrong key, alg none and HS256-with-the-public-key are rejected', async () => {
      const other = (await generateKeyPair('RS256')).privateKey
      const good = await googleToken({ email: uniqueEmail('f3') })
      const [header, payload] = good.split('.')
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'google-test-key' })).toString('base64url')}.${payload}.`
      const jwks = JSON.stringify((await (await fetch(h.config.googleOneTap!.jwksUrl)).json()).keys[0])
      const hs = await googleToken({ email: uniqueEmail('f3') }, new TextEncoder().encode(jwks), 'HS256')
      for (const token of [
        await googleToken({ email: uniqueEmail('f3') }, other),
        none,
        hs,
        `${header}.${payload}.AAAA`,
      ]) {
        const res = await oneTap({ clientId: SPA.clientId, token })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({ status: 0, error: 'invalid_grant' })
      }
    })

    it('F4: wrong aud, foreign iss and expired tokens are rejected', async () => {
      const now = Math.floor(h.clock.now() / 1000)
      for (const claims of [{ aud: 'someone-else' }, { iss: 'https://evil.com' }, { exp: now - 10 }]) {
        const res = await oneTap({
          clientId: SPA.clientId,
          token: await googleToken({ email: uniqueEmail('f4'), ...claims }),
        })
        expect(res.statusCode, JSON.stringify(claims)).toBe(400)
        expect(res.json().error).toBe('invalid_grant')
      }
    })

    it('F5: an unverified Google email matching a local account never takes it over', async () => {
      const local = await signUpAndExchange(h)
      const res = await oneTap({
        clientId: SPA.clientId,
        token: await googleToken({ email: local.email, email_verified: false, sub: 'g-takeover' }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().status).toBe(0)
      expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/loa_sso_session=[^;]/)
      expect(
        await h.database.db
          .select()
          .from(ssoIdentities)
          .where(and(eq(ssoIdentities.provider, 'google'), eq(ssoIdentities.subject, 'g-takeover'))),
      ).toHaveLength(0)
    })

    it('F6: oversized or script affiliate codes are refused and never reflected', async () => {
      for (const affiliateCode of ['A'.repeat(5000), '<script>alert(1)</script>']) {
        const res = await oneTap({
          clientId: SPA.clientId,
          token: await googleToken({ email: uniqueEmail('f6') }),
          affiliateCode,
        })
        expect(res.statusCode).toBe(400)
        expect(res.json().error).toBe('invalid_request')
        expect(res.body).not.toContain('<script>')
        expect(res.body).not.toContain('AAAAAAAAAA')
      }
    })

    it('F7: a POST from a non-allowlisted origin is refused without CORS headers', async () => {
      const res = await oneTap(
        { clientId: SPA.clientId, token: await googleToken({ email: uniqueEmail('f7') }) },
        'https://evil.example',
      )
      expect(res.statusCode).toBe(403)
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('spec §7 "third-party token-info read of the one-tap user": GET /tokeninfo answers Google\'s shape for a valid ID token only', async () => {
      const email = uniqueEmail('tokeninfo')
      const token = await googleToken({
        email,
        sub: 'g-tokeninfo',
        given_name: 'Lan',
        family_name: 'Nguyễn',
        picture: 'https://lh3.googleusercontent.com/a/lan',
      })
      const res = await h.app.inject({
        method: 'GET',
        url: `/tokeninfo?id_token=${token}`,
        headers: { origin: 'https://elsewhere.example' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe('*')
      expect(res.json()).toMatchObject({
        iss: 'https://accounts.google.com',
        aud: 'loa-sso',
        sub: 'g-tokeninfo',
        email,
        email_verified: 'true',
        given_name: 'Lan',
        family_name: 'Nguyễn',
        picture: 'https://lh3.googleusercontent.com/a/lan',
        alg: 'RS256',
        kid: 'google-test-key',
      })
      const other = (await generateKeyPair('RS256')).privateKey
      for (const bad of [await googleToken({ email }, other), await googleToken({ email, aud: 'x' }), '']) {
        const refused = await h.app.inject({ method: 'GET', url: `/tokeninfo?id_token=${bad}` })
        expect(refused.statusCode).toBe(400)
        expect(refused.json()).toEqual({ error: 'invalid_token', error_description: 'Invalid Value' })
      }
    })
  })
})
