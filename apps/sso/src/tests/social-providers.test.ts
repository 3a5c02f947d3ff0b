import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoIdentities, ssoUsers } from '../store/tables.ts'
import {
  CookieJar,
  ISSUER,
  SPA,
  codeFrom,
  createHarness,
  decodeJwt,
  exchangeCode,
  pkcePair,
  signUpAndExchange,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'
import {
  consentWithoutBrowser,
  startLoopbackIdentityProviders,
  type IdpAccount,
  type LoopbackIdentityProviders,
} from '../testing/idp/index.ts'

type Provider = 'google' | 'facebook' | 'zalo' | 'oidc'

/**
 * Social sign-in per provider, end to end through `inject`, against loopback identity providers that follow each
 * provider's documented wire (testing/idp): Google (OpenID Connect), Facebook (Login dialog + Graph `me`), Zalo
 * (OAuth v4 + PKCE, `secret_key` header, `v2.0/me`) and a generic OpenID provider found by its discovery URL.
 */
describe('social sign-in per provider', () => {
  let h: Harness
  let idps: LoopbackIdentityProviders

  beforeAll(async () => {
    idps = await startLoopbackIdentityProviders(ISSUER)
    h = await createHarness(idps.env)
  })
  afterAll(async () => {
    await h.close()
    await idps.close()
  })

  const start = async (provider: Provider) => {
    const jar = new CookieJar()
    const pkce = pkcePair()
    const q = new URLSearchParams({
      clientId: SPA.clientId,
      redirectUri: SPA.redirectUri,
      responseType: 'code',
      codeChallenge: pkce.challenge,
      codeChallengeMethod: 'S256',
      state: `client-state-${provider}`,
    })
    const res = await h.app.inject({ method: 'GET', url: `/api/v1/auth/${provider}?${q}` })
    jar.absorb(res)
    expect(res.statusCode).toBe(303)
    return { jar, pkce, upstream: new URL(res.headers.location as string) }
  }

  const callback = async (location: string, jar: CookieJar) => {
    expect(location.startsWith(`${ISSUER}/api/v1/auth/`)).toBe(true)
    const res = await h.app.inject({
      method: 'GET',
      url: location.slice(ISSUER.length),
      headers: { cookie: jar.header() },
    })
    jar.absorb(res)
    return res
  }

  /** The browser's trip: our SSO → the provider's consent page → Allow (or Cancel) → our callback. */
  const signIn = async (
    provider: Provider,
    account: Partial<IdpAccount>,
    decision: 'allow' | 'deny' = 'allow',
  ) => {
    const { jar, pkce, upstream } = await start(provider)
    const back = await consentWithoutBrowser(upstream.href, account, decision)
    return { res: await callback(back, jar), jar, pkce, upstream, back }
  }

  const tokensFor = async (location: string, verifier: string) => {
    const token = await exchangeCode(h, {
      grant_type: 'authorization_code',
      client_id: SPA.clientId,
      code: codeFrom(location),
      code_verifier: verifier,
      redirect_uri: SPA.redirectUri,
    })
    expect(token.statusCode).toBe(200)
    return decodeJwt((token.json() as { id_token: string }).id_token)
  }

  const identity = async (provider: string, subject: string) =>
    (await h.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, subject))).find(
      (row) => row.provider === provider,
    )

  it('the login page shows a button for each configured provider, with its label', async () => {
    const page = await h.app.inject({
      method: 'GET',
      url: `/authorize?${new URLSearchParams({ clientId: SPA.clientId, redirectUri: SPA.redirectUri, responseType: 'code', codeChallenge: pkcePair().challenge, codeChallengeMethod: 'S256', state: 's' })}`,
    })
    for (const [id, label] of [
      ['google', 'Google'],
      ['facebook', 'Facebook'],
      ['zalo', 'Zalo'],
      ['oidc', 'Loa Corp SSO'],
    ])
      expect(page.body).toMatch(new RegExp(`href="/api/v1/auth/${id}\\?[^"]*"[^>]*>[^<]*${label}`))
  })

  it('Google: OpenID Connect with state, nonce and S256 PKCE; the account is created verified and signed in', async () => {
    const email = uniqueEmail('google')
    const { res, pkce, upstream } = await signIn('google', { id: '1090000000001', name: 'Trần Thị G', email })
    expect(upstream.pathname).toBe('/o/oauth2/v2/auth')
    expect(upstream.searchParams.get('nonce')).toBeTruthy()
    expect(upstream.searchParams.get('code_challenge_method')).toBe('S256')
    expect(res.statusCode).toBe(303)
    expect(new URL(res.headers.location as string).searchParams.get('state')).toBe('client-state-google')
    const claims = await tokensFor(res.headers.location as string, pkce.verifier)
    expect(claims).toMatchObject({ email, email_verified: true, name: 'Trần Thị G' })
    expect(await identity('google', '1090000000001')).toMatchObject({ email })
  })

  it('Facebook: Login dialog and Graph me (with appsecret_proof); the confirmed e-mail makes a verified account', async () => {
    const email = uniqueEmail('facebook')
    const { res, pkce, upstream } = await signIn('facebook', {
      id: '10220000000001',
      name: 'Phạm Văn F',
      email,
    })
    expect(upstream.pathname).toBe('/v19.0/dialog/oauth')
    expect(upstream.searchParams.get('scope')).toBe('email,public_profile')
    expect(upstream.searchParams.get('client_id')).toBe(idps.env.FACEBOOK_CLIENT_ID)
    const claims = await tokensFor(res.headers.location as string, pkce.verifier)
    expect(claims).toMatchObject({ email, email_verified: true, name: 'Phạm Văn F' })
    expect(await identity('facebook', '10220000000001')).toMatchObject({ email })
  })

  it('Zalo: OAuth v4 with PKCE and no e-mail — the Zalo account is an identity of its own, found again next time', async () => {
    const { res, pkce, upstream } = await signIn('zalo', { id: '8010000000000001', name: 'Ngô Thị Z' })
    expect(upstream.pathname).toBe('/v4/permission')
    expect(upstream.searchParams.get('app_id')).toBe(idps.env.ZALO_APP_ID)
    expect(upstream.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    const claims = await tokensFor(res.headers.location as string, pkce.verifier)
    expect(claims).toMatchObject({ name: 'Ngô Thị Z', email_verified: false })
    expect(String(claims.email)).toMatch(/^zalo-[0-9a-f]{24}@no-email\.invalid$/)
    const linked = await identity('zalo', '8010000000000001')
    expect(linked).toMatchObject({ email: null })
    const again = await signIn('zalo', { id: '8010000000000001', name: 'Ngô Thị Z' })
    const claimsAgain = await tokensFor(again.res.headers.location as string, again.pkce.verifier)
    expect(claimsAgain.sub).toBe(claims.sub)
  })

  it('any OpenID provider by its discovery URL (a company IdP)', async () => {
    expect(idps.env.OIDC_DISCOVERY_URL).toMatch(/\/\.well-known\/openid-configuration$/)
    const email = uniqueEmail('corp')
    const { res, pkce, upstream } = await signIn('oidc', { id: 'emp-42', name: 'Đỗ Văn O', email })
    expect(upstream.pathname).toBe('/authorize')
    const claims = await tokensFor(res.headers.location as string, pkce.verifier)
    expect(claims).toMatchObject({ email, email_verified: true })
    expect(await identity('oidc', 'emp-42')).toBeTruthy()
  })

  it('links by verified e-mail only: a verified Google e-mail joins the local account, an unverified one is refused', async () => {
    const local = await signUpAndExchange(h)
    const unverified = await signIn('oidc', {
      id: 'emp-unverified',
      name: 'X',
      email: local.email,
      emailVerified: false,
    })
    const refused = new URL(unverified.res.headers.location as string)
    expect(refused.searchParams.get('error')).toBe('user_already_exists')
    expect(refused.searchParams.get('state')).toBe('client-state-oidc')
    expect(await identity('oidc', 'emp-unverified')).toBeUndefined()
    const verified = await signIn('google', { id: '1090000000077', name: 'X', email: local.email })
    const claims = await tokensFor(verified.res.headers.location as string, verified.pkce.verifier)
    expect(claims.sub).toBe(decodeJwt(local.tokens.id_token).sub)
  })

  it.each(['google', 'facebook', 'zalo', 'oidc'] as const)(
    'denied consent on %s: back to the client with access_denied and its state, no account',
    async (provider) => {
      const before = (await h.database.db.select().from(ssoUsers)).length
      const { res, back } = await signIn(
        provider,
        { id: `denied-${provider}`, name: 'D', email: uniqueEmail('d') },
        'deny',
      )
      if (provider === 'facebook') expect(new URL(back).searchParams.get('error_reason')).toBe('user_denied')
      if (provider === 'zalo') expect(new URL(back).searchParams.get('error_code')).toBe('-14006')
      expect(res.statusCode).toBe(303)
      const location = new URL(res.headers.location as string)
      expect(`${location.origin}${location.pathname}`).toBe(SPA.redirectUri)
      expect(location.searchParams.get('error')).toBe('access_denied')
      expect(location.searchParams.get('state')).toBe(`client-state-${provider}`)
      expect((await h.database.db.select().from(ssoUsers)).length).toBe(before)
    },
  )

  it.each(['google', 'facebook', 'zalo', 'oidc'] as const)(
    'a bad state on %s is refused with the error page, without calling the provider',
    async (provider) => {
      const { jar, upstream } = await start(provider)
      const back = await consentWithoutBrowser(upstream.href, {
        id: `state-${provider}`,
        name: 'S',
        email: uniqueEmail('s'),
      })
      const tampered = new URL(back)
      tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`)
      const idp = idps[provider]
      const hits = idp.hits()
      const res = await callback(tampered.href, jar)
      expect(res.statusCode).toBe(400)
      expect(res.headers.location).toBeUndefined()
      expect(idp.hits()).toBe(hits)
    },
  )

  it.each(['google', 'facebook', 'zalo', 'oidc'] as const)(
    'a replayed code on %s signs nobody in: the callback again is refused, and the code in a new sign-in fails upstream',
    async (provider) => {
      const first = await signIn(provider, { id: `replay-${provider}`, name: 'R', email: uniqueEmail('r') })
      expect(first.res.statusCode).toBe(303)
      // The same callback again (the transaction was used up).
      expect((await callback(first.back, first.jar)).statusCode).toBe(400)
      // The used code under a new transaction's state: the provider refuses it, the client gets access_denied.
      const second = await start(provider)
      const replay = new URL(first.back)
      replay.searchParams.set('state', second.upstream.searchParams.get('state')!)
      const res = await callback(replay.href, second.jar)
      expect(res.statusCode).toBe(303)
      expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('access_denied')
    },
  )
})
