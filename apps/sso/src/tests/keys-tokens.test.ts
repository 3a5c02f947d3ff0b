import { SignJWT, generateKeyPair, importJWK, importSPKI, jwtVerify, createLocalJWKSet, type JWK } from 'jose'
import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoSigningKeys } from '../store/tables.ts'
import { setSetting } from '../store/settings.ts'
import {
  ISSUER,
  OPERATOR_KEY,
  SPA,
  createHarness,
  decodeJwt,
  signUpAndExchange,
  type Harness,
} from '../testing/harness.ts'

/** sso-security.md checklist group G: tokens, keys, realm endpoint (G5 lives in openid-client.test.ts). */
describe('G. tokens and keys', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const introspect = async (token: string) =>
    (
      await h.app.inject({
        method: 'POST',
        url: '/protocol/openid-connect/token/introspect',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token }).toString(),
      })
    ).json() as { active: boolean }
  const admin = (method: 'POST' | 'GET', url: string, body?: unknown) =>
    h.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${OPERATOR_KEY}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    })
  const activeKey = async () => {
    const [row] = await h.database.db.select().from(ssoSigningKeys).where(isNull(ssoSigningKeys.retiredAt))
    return { kid: row!.kid, key: (await importJWK(row!.privateJwk as JWK, 'RS256')) as CryptoKey }
  }

  it('discovery advertises the standard face', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' })).json()
    expect(doc).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${ISSUER}/api/v1/oauth/token`,
      jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
      end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
    })
  })

  it('G1: realm info is Keycloak-shaped and its public_key verifies current access tokens', async () => {
    const { tokens } = await signUpAndExchange(h)
    const res = await h.app.inject({ method: 'GET', url: '/realms/loa' })
    const realm = res.json()
    expect(realm).toMatchObject({
      realm: 'loa',
      'token-service': `${ISSUER}/realms/loa/protocol/openid-connect`,
      'account-service': `${ISSUER}/realms/loa/account`,
      'tokens-not-before': 0,
    })
    expect(realm.public_key).toMatch(/^MIIBIjAN[A-Za-z0-9+/=]+$/)
    const pem = `-----BEGIN PUBLIC KEY-----\n${realm.public_key.match(/.{1,64}/g).join('\n')}\n-----END PUBLIC KEY-----`
    const { payload } = await jwtVerify(tokens.access_token, await importSPKI(pem, 'RS256'), {
      issuer: ISSUER,
      currentDate: new Date(h.clock.now()),
    })
    expect(payload.typ).toBe('Bearer')
  })

  it('G2: forged, foreign, expired, future and revoked-by-not-before tokens are all rejected', async () => {
    const { tokens } = await signUpAndExchange(h)
    const good = decodeJwt(tokens.access_token)
    expect(await introspect(tokens.access_token)).toMatchObject({ active: true })
    const { kid, key } = await activeKey()
    const now = Math.floor(h.clock.now() / 1000)
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const forged: Record<string, string> = {
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(good)}.`,
      hs256WithPublicKey: await new SignJWT(good)
        .setProtectedHeader({ alg: 'HS256', kid })
        .sign(
          new TextEncoder().encode(
            JSON.stringify(
              (await h.app.inject({ method: 'GET', url: '/protocol/openid-connect/certs' })).json().keys[0],
            ),
          ),
        ),
      wrongKeySameKid: await new SignJWT(good)
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign((await generateKeyPair('RS256')).privateKey),
      unknownKid: await new SignJWT(good).setProtectedHeader({ alg: 'RS256', kid: 'nope' }).sign(key),
      wrongIssuer: await new SignJWT({ ...good, iss: 'https://evil.example' })
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(key),
      expired: await new SignJWT({ ...good, iat: now - 600, exp: now - 1 })
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(key),
      notYetValid: await new SignJWT({ ...good, nbf: now + 600 })
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(key),
      refreshAsAccess: tokens.refresh_token,
      idAsAccess: tokens.id_token,
      tampered: tokens.access_token.replace(
        /\.([^.]+)\./,
        (_, p: string) =>
          `.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'someone-else' })}.`,
      ),
    }
    for (const [name, token] of Object.entries(forged))
      expect(await introspect(token), name).toEqual({ active: false })
    await setSetting(h.database.db, 'tokens_not_before', String(now + 1))
    expect(await introspect(tokens.access_token)).toEqual({ active: false })
    await setSetting(h.database.db, 'tokens_not_before', '0')
    const userinfo = await h.app.inject({
      method: 'GET',
      url: '/protocol/openid-connect/userinfo',
      headers: { authorization: `Bearer ${forged.wrongIssuer}` },
    })
    expect(userinfo.statusCode).toBe(401)
  })

  it('G3: key rotation keeps old tokens valid, serves both keys, and switches the realm public_key', async () => {
    const before = await signUpAndExchange(h)
    const realmBefore = (await h.app.inject({ method: 'GET', url: '/realms/loa' })).json().public_key
    expect((await admin('POST', '/admin/v1/keys/rotate')).statusCode).toBe(200)
    const jwks = (await h.app.inject({ method: 'GET', url: '/protocol/openid-connect/certs' })).json()
    expect(jwks.keys.length).toBeGreaterThanOrEqual(2)
    const after = await signUpAndExchange(h)
    const kidBefore = JSON.parse(
      Buffer.from(before.tokens.access_token.split('.')[0]!, 'base64url').toString(),
    ).kid
    const kidAfter = JSON.parse(
      Buffer.from(after.tokens.access_token.split('.')[0]!, 'base64url').toString(),
    ).kid
    expect(kidAfter).not.toBe(kidBefore)
    const set = createLocalJWKSet(jwks)
    for (const t of [before.tokens.access_token, after.tokens.access_token])
      await expect(
        jwtVerify(t, set, { issuer: ISSUER, currentDate: new Date(h.clock.now()) }),
      ).resolves.toBeTruthy()
    expect(await introspect(before.tokens.access_token)).toMatchObject({ active: true })
    // the old session keeps refreshing across the rotation
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: SPA.clientId,
        refresh_token: before.tokens.refresh_token,
      }).toString(),
    })
    expect(refreshed.statusCode).toBe(200)
    expect((await h.app.inject({ method: 'GET', url: '/realms/loa' })).json().public_key).not.toBe(
      realmBefore,
    )
  })

  it('G3: the active key is replaced automatically once older than SSO_KEY_ROTATION; old tokens keep verifying', async () => {
    const scheduled = await createHarness({ SSO_KEY_ROTATION: '3600' })
    try {
      const kidOf = (jwt: string) =>
        JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()).kid as string
      const first = await signUpAndExchange(scheduled)
      scheduled.clock.advance(3601_000)
      const second = await signUpAndExchange(scheduled)
      expect(kidOf(second.tokens.access_token)).not.toBe(kidOf(first.tokens.access_token))
      const kids = (await scheduled.app.inject({ method: 'GET', url: '/protocol/openid-connect/certs' }))
        .json()
        .keys.map((k: { kid: string }) => k.kid)
      expect(kids).toEqual(
        expect.arrayContaining([kidOf(first.tokens.access_token), kidOf(second.tokens.access_token)]),
      )
    } finally {
      await scheduled.close()
    }
  })

  it('G4: access tokens carry the Keycloak-style claims, per-resource roles, and a short lifetime', async () => {
    const { tokens, email } = await signUpAndExchange(h)
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/admin/v1/roles',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email, resource: 'loa-api', role: 'admin' }),
        })
      ).statusCode,
    ).toBe(401)
    expect(
      (await admin('POST', '/admin/v1/roles', { email, resource: 'loa-api', role: 'admin' })).json().status,
    ).toBe(1)
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        grant_type: 'refresh_token',
        client_id: SPA.clientId,
        refresh_token: tokens.refresh_token,
      }),
    })
    const claims = decodeJwt(refreshed.json().access_token)
    for (const k of ['exp', 'iat', 'sub', 'sid', 'iss', 'aud', 'azp', 'email', 'name', 'email_verified'])
      expect(claims, k).toHaveProperty(k)
    expect(claims.iss).toBe(ISSUER)
    expect(claims.azp).toBe(SPA.clientId)
    expect(claims.typ).toBe('Bearer')
    expect(claims.realm_access).toEqual({ roles: expect.arrayContaining(['default-roles-loa']) })
    expect(claims.resource_access).toEqual({ 'loa-api': { roles: ['admin'] } })
    expect((claims.exp as number) - (claims.iat as number)).toBe(300)
    const id = decodeJwt(refreshed.json().id_token)
    expect(id).toMatchObject({ aud: SPA.clientId, typ: 'ID', email })
    const rt = decodeJwt(refreshed.json().refresh_token)
    expect(rt).toMatchObject({ typ: 'Refresh', azp: SPA.clientId })
  })
})
