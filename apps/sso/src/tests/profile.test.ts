import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoUsers } from '../store/tables.ts'
import {
  CookieJar,
  SPA,
  createHarness,
  csrfFrom,
  pkcePair,
  signUpAndExchange,
  submitAuthForm,
  type Harness,
} from '../testing/harness.ts'

/** `/profile?client_id=…`: account management at the SSO, server-rendered, CSRF-protected forms. */
describe('profile page', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const open = async (jar: CookieJar, query = 'client_id=test-spa&lang=en') => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/profile?${query}`,
      headers: { cookie: jar.header() },
    })
    jar.absorb(res)
    return res
  }
  const post = async (jar: CookieJar, path: string, fields: Record<string, string>) => {
    const page = await open(jar)
    const res = await h.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: new URLSearchParams({
        csrf: csrfFrom(page.body),
        client_id: 'test-spa',
        lang: 'en',
        ...fields,
      }).toString(),
    })
    jar.absorb(res)
    return res
  }

  it('without a session shows a sign-in form that leads back to the profile', async () => {
    const user = await signUpAndExchange(h)
    const jar = new CookieJar()
    const page = await open(jar)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.body).toContain('action="/profile/login"')
    const res = await h.app.inject({
      method: 'POST',
      url: '/profile/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: new URLSearchParams({
        csrf: csrfFrom(page.body),
        client_id: 'test-spa',
        lang: 'en',
        email: user.email,
        password: user.password,
      }).toString(),
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/profile?client_id=test-spa&lang=en')
    jar.absorb(res)
    expect((await open(jar)).body).toContain(user.email)
  })

  it('shows the account, updates name and avatar, refuses non-https avatars, records a deletion request', async () => {
    const { jar, email } = await signUpAndExchange(h)
    const page = await open(jar)
    expect(page.body).toContain(email)
    expect(page.body).toContain(`href="${SPA.redirectUri}"`)
    expect(page.body).toContain('not verified yet')
    const saved = await post(jar, '/profile/update', {
      name: 'Phạm Thu D',
      avatar_url: 'https://cdn.example/a.png',
    })
    expect(saved.headers.location).toContain('notice=saved')
    const [row] = await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email))
    expect(row).toMatchObject({ name: 'Phạm Thu D', avatarUrl: 'https://cdn.example/a.png' })
    const bad = await post(jar, '/profile/update', { name: 'X', avatar_url: 'javascript:alert(1)' })
    expect(bad.headers.location).toContain('error=invalidAvatar')
    const del = await post(jar, '/profile/delete', {})
    expect(del.headers.location).toContain('notice=deleteRequested')
    const [after] = await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email))
    expect(after!.deletionRequestedAt).toBeInstanceOf(Date)
  })

  it('lists active sessions and revokes another one', async () => {
    const a = await signUpAndExchange(h)
    const second = new CookieJar()
    expect(
      (
        await submitAuthForm(
          h,
          second,
          { email: a.email, password: a.password },
          { challenge: pkcePair().challenge },
        )
      ).statusCode,
    ).toBe(303)
    const page = await open(a.jar)
    const ids = [...page.body.matchAll(/name="session_id" value="([^"]+)"/g)].map((m) => m[1]!)
    expect(ids).toHaveLength(2)
    // Times in Vietnam's zone, no raw UTC stamp.
    expect(page.body).toMatch(/<time dateTime="[^"]+Z">[^<]+<\/time>/)
    expect(page.body).not.toContain(' UTC')
    // revoke the *other* session from the first browser
    const mine = /<strong>This session<\/strong>[\s\S]*?name="session_id" value="([^"]+)"/.exec(
      page.body,
    )![1]!
    const other = ids.find((id) => id !== mine)!
    expect(other).not.toBe(mine)
    await post(a.jar, '/profile/sessions/revoke', { session_id: other })
    expect((await open(second)).body).toContain('action="/profile/login"')
    expect((await open(a.jar)).body).toContain(a.email)
  })

  it('refuses a profile POST without the CSRF token', async () => {
    const { jar, email } = await signUpAndExchange(h)
    const res = await h.app.inject({
      method: 'POST',
      url: '/profile/update',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: 'name=Hacked&client_id=test-spa',
    })
    expect(res.headers.location).toContain('error=csrf')
    const [row] = await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email))
    expect(row!.name).not.toBe('Hacked')
  })
})
