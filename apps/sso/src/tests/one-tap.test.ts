import { and, eq } from 'drizzle-orm'
import { SignJWT, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoIdentities, ssoUsers } from '../store/tables.ts'
import { SPA, createHarness, signUpAndExchange, uniqueEmail, type Harness } from '../testing/harness.ts'
import { startGoogleJwks, type GoogleJwks } from './social-servers.ts'

/**
 * sso-security.md checklist group F, Google One Tap: real RS256 signatures checked against a real JWKS endpoint on
 * 127.0.0.1. Social sign-in through an upstream provider is in social-login.test.ts.
 */
describe('F. Google One Tap', () => {
  let h: Harness
  let jwks: GoogleJwks

  beforeAll(async () => {
    jwks = await startGoogleJwks()
    h = await createHarness({ GOOGLE_CLIENT_ID: 'loa-sso', GOOGLE_JWKS_URL: jwks.url })
  })
  afterAll(async () => {
    await h.close()
    await jwks.close()
  })

  const oneTap = (body: Record<string, unknown>, origin = SPA.origin) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google-one-tap',
      headers: { 'content-type': 'application/json', origin },
      payload: JSON.stringify(body),
    })
  const googleToken = (
    claims: Record<string, unknown>,
    key: CryptoKey | Uint8Array = jwks.privateKey,
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
