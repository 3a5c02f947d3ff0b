import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoIdentities, ssoUsers } from '../store/tables.ts'
import {
  CookieJar,
  ISSUER,
  SPA,
  csrfFrom,
  pkcePair,
  signUpAndExchange,
  uniqueEmail,
  type Harness,
  createHarness,
} from '../testing/harness.ts'
import {
  consentWithoutBrowser,
  startLoopbackIdentityProviders,
  type IdpAccount,
  type LoopbackIdentityProviders,
} from '../testing/idp/index.ts'

type Provider = 'google' | 'facebook' | 'zalo' | 'oidc'

/**
 * Linking a Google / Facebook / Zalo account from the signed-in profile (issue 32): the provider's own flow runs
 * with its state bound to the session that started it; the identity joins that account, never one that is already
 * another account's; unlinking keeps at least one way to sign in.
 */
describe('linking sign-in providers from the profile', () => {
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

  const get = async (jar: CookieJar, url: string) => {
    const res = await h.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } })
    jar.absorb(res)
    return res
  }
  const openProfile = (jar: CookieJar) => get(jar, '/profile?client_id=test-spa&lang=en')
  const post = async (jar: CookieJar, path: string, fields: Record<string, string>, csrf?: string) => {
    const token = csrf ?? csrfFrom((await openProfile(jar)).body)
    const res = await h.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: new URLSearchParams({ csrf: token, client_id: 'test-spa', lang: 'en', ...fields }).toString(),
    })
    jar.absorb(res)
    return res
  }
  /** Where a 303 back to the profile lands: its notice or error. */
  const outcome = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(303)
    const url = new URL(String(res.headers.location), ISSUER)
    expect(url.pathname).toBe('/profile')
    expect(url.searchParams.get('client_id')).toBe('test-spa')
    return url.searchParams.get('notice') ?? url.searchParams.get('error')
  }

  /** A full social sign-in (from a client's sign-in button); the jar ends up holding the SSO session. */
  const signInWith = async (provider: Provider, account: Partial<IdpAccount>) => {
    const jar = new CookieJar()
    const q = new URLSearchParams({
      clientId: SPA.clientId,
      redirectUri: SPA.redirectUri,
      responseType: 'code',
      codeChallenge: pkcePair().challenge,
      codeChallengeMethod: 'S256',
      state: 's',
    })
    const start = await get(jar, `/api/v1/auth/${provider}?${q}`)
    const back = await consentWithoutBrowser(String(start.headers.location), account)
    const res = await get(jar, back.slice(ISSUER.length))
    expect(new URL(String(res.headers.location)).searchParams.get('code')).toBeTruthy()
    return jar
  }

  /** Profile → "Link <provider>" → the provider's consent → back through the callback. */
  const link = async (
    jar: CookieJar,
    provider: Provider,
    account: Partial<IdpAccount>,
    decision: 'allow' | 'deny' = 'allow',
  ) => {
    const start = await post(jar, '/profile/link', { provider })
    expect(start.statusCode).toBe(303)
    const upstream = String(start.headers.location)
    expect(upstream.startsWith(ISSUER)).toBe(false)
    const back = await consentWithoutBrowser(upstream, account, decision)
    return { res: await get(jar, back.slice(ISSUER.length)), upstream, back }
  }

  const ownerOf = async (provider: string, subject: string) =>
    (
      await h.database.db
        .select()
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)))
    )[0]?.userId
  const userOf = async (jar: CookieJar) => {
    const page = await openProfile(jar)
    const email = /<p class="muted">([^<]+)<\/p>/.exec(page.body)![1]!
    return (await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email)))[0]!
  }

  it('a Zalo account links Google from its profile: the Google identity joins it and signs in to it', async () => {
    const jar = await signInWith('zalo', { id: 'link-zalo-1', name: 'Ngô Thị Z' })
    const page = await openProfile(jar)
    expect(page.body).toContain('Sign-in methods')
    expect(page.body).toContain('Link Google')
    expect(page.body).toContain('No password yet')
    const zaloUser = await userOf(jar)
    const email = uniqueEmail('linked')
    const { res, upstream } = await link(jar, 'google', { id: 'link-google-1', name: 'Z', email })
    // The provider's own wire, as for a sign-in: state, nonce, S256 PKCE, the fixed callback.
    const u = new URL(upstream)
    expect(u.searchParams.get('redirect_uri')).toBe(`${ISSUER}/api/v1/auth/google/callback`)
    expect(u.searchParams.get('code_challenge_method')).toBe('S256')
    expect(u.searchParams.get('nonce')).toBeTruthy()
    expect(outcome(res)).toBe('linked')
    expect(await ownerOf('google', 'link-google-1')).toBe(zaloUser.id)
    // The account had only a placeholder address: Google's verified e-mail becomes its address.
    const after = (await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.id, zaloUser.id)))[0]!
    expect(after).toMatchObject({ email, emailVerified: true })
    const profile = await get(jar, String(res.headers.location))
    expect(profile.body).toContain('Account linked.')
    expect(profile.body).toContain('Unlink Google')
    // Signing in with that Google account later reaches the same account.
    const again = await signInWith('google', { id: 'link-google-1', name: 'Z', email })
    expect((await userOf(again)).id).toBe(zaloUser.id)
  })

  it('refuses a provider account that already belongs to another user, with IDENTITY_LINKED_TO_ANOTHER_ACCOUNT', async () => {
    await signInWith('facebook', { id: 'fb-owned', name: 'Owner', email: uniqueEmail('owner') })
    const owner = await ownerOf('facebook', 'fb-owned')
    const { jar } = await signUpAndExchange(h)
    const { res } = await link(jar, 'facebook', { id: 'fb-owned', name: 'Owner', email: uniqueEmail('x') })
    expect(outcome(res)).toBe('IDENTITY_LINKED_TO_ANOTHER_ACCOUNT')
    expect(await ownerOf('facebook', 'fb-owned')).toBe(owner)
    const page = await get(jar, String(res.headers.location))
    expect(page.body).toContain('That account already signs in to another Loa account.')
  })

  it('one account per provider: a second Google account is refused with PROVIDER_ALREADY_LINKED', async () => {
    const { jar } = await signUpAndExchange(h)
    expect(
      outcome((await link(jar, 'google', { id: 'g-first', name: 'A', email: uniqueEmail('g') })).res),
    ).toBe('linked')
    const second = await link(jar, 'google', { id: 'g-second', name: 'A', email: uniqueEmail('g') })
    expect(outcome(second.res)).toBe('PROVIDER_ALREADY_LINKED')
    expect(await ownerOf('google', 'g-second')).toBeUndefined()
  })

  it('the return is honoured only in the session that started it (LINK_SESSION_CHANGED otherwise)', async () => {
    const a = await signUpAndExchange(h)
    const b = await signUpAndExchange(h)
    const start = await post(a.jar, '/profile/link', { provider: 'oidc' })
    const back = await consentWithoutBrowser(String(start.headers.location), {
      id: 'corp-swap',
      name: 'S',
      email: uniqueEmail('swap'),
    })
    // B's browser gets A's transaction cookie (e.g. a link handed over): B's session did not start it.
    const swapped = new CookieJar()
    for (const [k, v] of b.jar.cookies) swapped.cookies.set(k, v)
    swapped.cookies.set('loa_sso_social', a.jar.get('loa_sso_social')!)
    const res = await get(swapped, back.slice(ISSUER.length))
    expect(outcome(res)).toBe('LINK_SESSION_CHANGED')
    expect(await ownerOf('oidc', 'corp-swap')).toBeUndefined()
  })

  it('without the form token nothing starts; a bad state shows the error page; Cancel at the provider says so', async () => {
    const { jar } = await signUpAndExchange(h)
    const forged = await post(jar, '/profile/link', { provider: 'google' }, 'not-the-token')
    expect(outcome(forged)).toBe('csrf')
    const start = await post(jar, '/profile/link', { provider: 'zalo' })
    const back = new URL(
      await consentWithoutBrowser(String(start.headers.location), { id: 'zalo-state', name: 'S' }),
    )
    back.searchParams.set('state', 'tampered')
    expect((await get(jar, back.href.slice(ISSUER.length))).statusCode).toBe(400)
    expect(await ownerOf('zalo', 'zalo-state')).toBeUndefined()
    const cancelled = await link(
      jar,
      'facebook',
      { id: 'fb-cancel', name: 'C', email: uniqueEmail('c') },
      'deny',
    )
    expect(outcome(cancelled.res)).toBe('LINK_CANCELLED')
    expect(await ownerOf('facebook', 'fb-cancel')).toBeUndefined()
  })

  it('unlinking keeps a way in: the last method is refused (LAST_SIGN_IN_METHOD), another remaining allows it', async () => {
    const jar = await signInWith('zalo', { id: 'unlink-zalo', name: 'U' })
    const refused = await post(jar, '/profile/unlink', { provider: 'zalo', subject: 'unlink-zalo' })
    expect(outcome(refused)).toBe('LAST_SIGN_IN_METHOD')
    expect(await ownerOf('zalo', 'unlink-zalo')).toBeTruthy()
    expect((await get(jar, String(refused.headers.location))).body).toContain(
      'it is your only way to sign in',
    )
    await link(jar, 'facebook', { id: 'unlink-fb', name: 'U', email: uniqueEmail('u') })
    expect(outcome(await post(jar, '/profile/unlink', { provider: 'zalo', subject: 'unlink-zalo' }))).toBe(
      'unlinked',
    )
    expect(await ownerOf('zalo', 'unlink-zalo')).toBeUndefined()
    expect(outcome(await post(jar, '/profile/unlink', { provider: 'facebook', subject: 'unlink-fb' }))).toBe(
      'LAST_SIGN_IN_METHOD',
    )
    // With a password the last provider can go.
    const withPassword = await signUpAndExchange(h)
    await link(withPassword.jar, 'google', { id: 'unlink-g', name: 'P', email: uniqueEmail('p') })
    expect(
      outcome(await post(withPassword.jar, '/profile/unlink', { provider: 'google', subject: 'unlink-g' })),
    ).toBe('unlinked')
    // Someone else's identity cannot be removed through one's own profile.
    const other = await post(withPassword.jar, '/profile/unlink', {
      provider: 'zalo',
      subject: 'link-zalo-1',
    })
    expect(outcome(other)).toBeNull()
    expect(await ownerOf('zalo', 'link-zalo-1')).toBeTruthy()
  })
})
