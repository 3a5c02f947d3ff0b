import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { openTestDatabase, type Database } from '@loa/db'
import { buildSsoApp } from '../app.ts'
import { loadSsoConfig } from '../config.ts'
import { upsertClient } from '../store/clients.ts'
import { CookieJar, freePort, hiddenFields, uniqueEmail } from '../testing/harness.ts'

/**
 * G5: an unmodified openid-client (certified RP library) completes discovery → authorization code + PKCE (with
 * ID-token validation, nonce, iss) → refresh → userinfo → RP-initiated logout against the listening SSO.
 */
describe('G5. openid-client conformance', () => {
  let app: FastifyInstance
  let database: Database
  let issuer: string
  const redirectUri = 'http://127.0.0.1:5173/cb'
  const postLogout = 'http://127.0.0.1:5173/'

  beforeAll(async () => {
    const port = await freePort()
    issuer = `http://127.0.0.1:${port}`
    database = await openTestDatabase()
    const config = loadSsoConfig(
      { SSO_PUBLIC_URL: issuer, SSO_PORT: String(port) },
      { generateSecrets: false },
    )
    app = buildSsoApp({ config, database })
    await app.listen({ port, host: '127.0.0.1' })
    await upsertClient(database.db, {
      id: 'test-spa',
      name: 'Conformance SPA',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [postLogout],
      roles: [],
    })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('completes code + PKCE, refresh, userinfo and end-session', async () => {
    const config = await client.discovery(new URL(issuer), 'test-spa', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    })
    expect(config.serverMetadata().supportsPKCE()).toBe(true)
    const verifier = client.randomPKCECodeVerifier()
    const challenge = await client.calculatePKCECodeChallenge(verifier)
    const state = client.randomState()
    const nonce = client.randomNonce()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
      action: 'signup',
    })

    // the "browser": load the page, submit the signup form, capture the 303
    const jar = new CookieJar()
    const page = await fetch(url, { redirect: 'manual' })
    jar.absorb(page)
    expect(page.status).toBe(200)
    const html = await page.text()
    const email = uniqueEmail('oidc')
    const form = new URLSearchParams({
      ...hiddenFields(html),
      name: 'Trần Thị B',
      email,
      password: 'conformance pw 1',
    })
    const posted = await fetch(new URL('/authorize', issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: form,
    })
    jar.absorb(posted)
    expect(posted.status).toBe(303)
    const callback = new URL(posted.headers.get('location')!)
    expect(callback.searchParams.get('iss')).toBe(issuer)

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()!
    expect(claims.email).toBe(email)
    expect(claims.aud).toBe('test-spa')
    expect(tokens.token_type.toLowerCase()).toBe('bearer')

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!)
    expect(refreshed.access_token).not.toBe(tokens.access_token)
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token)

    const info = await client.fetchUserInfo(config, refreshed.access_token, claims.sub)
    expect(info.email).toBe(email)

    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: refreshed.id_token ?? tokens.id_token!,
      post_logout_redirect_uri: postLogout,
      state: 'bye',
    })
    const out = await fetch(endSession, { redirect: 'manual', headers: { cookie: jar.header() } })
    expect(out.status).toBe(303)
    expect(out.headers.get('location')).toBe(`${postLogout}?state=bye`)

    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
  })
})
