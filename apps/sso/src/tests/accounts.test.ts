import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USER_ALREADY_EXISTS } from '@loa/contracts'
import { ssoOutbox, ssoUsers } from '../store/tables.ts'
import {
  CookieJar,
  SPA,
  authorizeQuery,
  codeFrom,
  createHarness,
  csrfFrom,
  pkcePair,
  submitAuthForm,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'

/** sso-security.md checklist group E: login form, passwords, brute force, enumeration. */
describe('E. accounts', () => {
  let h: Harness
  let ipCounter = 1
  const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const signup = async (email: string, password: string, jar = new CookieJar()) =>
    submitAuthForm(
      h,
      jar,
      { email, password, name: 'E' },
      { challenge: pkcePair().challenge, action: 'signup' },
      { ip: nextIp() },
    )
  const login = async (email: string, password: string, jar = new CookieJar(), ip = nextIp()) =>
    submitAuthForm(h, jar, { email, password }, { challenge: pkcePair().challenge }, { ip })
  const userRow = async (email: string) =>
    (await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email)))[0]!
  const normalize = (html: string) =>
    html
      .replace(/nonce="[^"]+"/g, 'nonce=""')
      .replace(/name="code_challenge" value="[^"]+"/, '')
      .replace(/codeChallenge=[\w-]+|code_challenge=[\w-]+/g, '')

  it('E1: passwords are stored as Argon2id PHC strings (m=19456,t=2,p=1) with a unique 16-byte salt', async () => {
    const a = uniqueEmail('e1a')
    const b = uniqueEmail('e1b')
    expect((await signup(a, 'same password 123')).statusCode).toBe(303)
    expect((await signup(b, 'same password 123')).statusCode).toBe(303)
    const ha = (await userRow(a)).passwordHash!
    const hb = (await userRow(b)).passwordHash!
    expect(ha).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(ha.split('$')[4]).not.toBe(hb.split('$')[4])
  })

  it('E2: huge passwords are refused before hashing', async () => {
    const email = uniqueEmail('e2')
    const res = await signup(email, 'x'.repeat(10 * 1024))
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Mật khẩu quá dài')
    expect(await h.database.db.select().from(ssoUsers).where(eq(ssoUsers.email, email))).toHaveLength(0)
    const started = performance.now()
    const big = await login(email, 'x'.repeat(10 * 1024))
    expect(big.statusCode).toBe(401)
    expect(performance.now() - started).toBeLessThan(5000)
    const huge = await h.app.inject({
      method: 'POST',
      url: '/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${'x'.repeat(1024 * 1024)}`,
    })
    expect(huge.statusCode).toBe(413)
  })

  it('E3: wrong password, unknown user, locked and disabled accounts answer alike (status, body, headers, timing)', async () => {
    const email = uniqueEmail('e3')
    const disabled = uniqueEmail('e3d')
    await signup(email, 'right password 1')
    await signup(disabled, 'right password 2')
    await h.database.db.update(ssoUsers).set({ disabled: true }).where(eq(ssoUsers.email, disabled))
    const jar = new CookieJar()
    const attempt = async (e: string, p: string) => {
      const started = performance.now()
      const res = await login(e, p, jar)
      return { res, ms: performance.now() - started }
    }
    const cases = {
      wrong: () => attempt(email, 'wrong password!!'),
      unknown: () => attempt(uniqueEmail('nobody'), 'whatever pass'),
      disabled: () => attempt(disabled, 'right password 2'),
    }
    const samples: Record<string, number[]> = { wrong: [], unknown: [], disabled: [] }
    const bodies = new Set<string>()
    const headerSets = new Set<string>()
    for (let i = 0; i < 4; i++)
      for (const [name, run] of Object.entries(cases)) {
        const { res, ms } = await run()
        expect(res.statusCode, name).toBe(401)
        expect(res.headers.location).toBeUndefined()
        expect(res.body).toContain('Email hoặc mật khẩu không đúng.')
        bodies.add(normalize(res.body).replace(/value="[^"]*@example.com"/, ''))
        samples[name]!.push(ms)
        headerSets.add(
          Object.keys(res.headers)
            .filter((k) => !['set-cookie', 'date'].includes(k))
            .sort()
            .join(','),
        )
      }
    // locked (the wrong-password attempts above, < 1 s apart, locked the account): correct password, same answer
    const locked = await attempt(email, 'right password 1')
    expect(locked.res.statusCode).toBe(401)
    bodies.add(normalize(locked.res.body).replace(/value="[^"]*@example.com"/, ''))
    expect(bodies.size).toBe(1)
    expect(headerSets.size).toBe(1)
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    const m = Object.values(samples).map(median)
    expect(Math.max(...m) / Math.min(...m)).toBeLessThan(3)
  })

  it('E4: forgot-password gives the same answer for existing and unknown addresses; only real accounts get mail', async () => {
    const email = uniqueEmail('e4')
    await signup(email, 'e4 password 123')
    const ask = async (address: string) => {
      const jar = new CookieJar()
      const page = await h.app.inject({ method: 'GET', url: '/forgot-password?lang=en' })
      jar.absorb(page)
      return h.app.inject({
        method: 'POST',
        url: '/forgot-password',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
        payload: new URLSearchParams({ csrf: csrfFrom(page.body), email: address, lang: 'en' }).toString(),
      })
    }
    const known = await ask(email)
    const unknown = await ask(uniqueEmail('nobody'))
    expect(known.statusCode).toBe(200)
    expect(normalize(known.body)).toBe(normalize(unknown.body))
    expect(known.body).toContain('If that email address is in our database')
    const mails = await h.database.db.select().from(ssoOutbox).where(eq(ssoOutbox.to, email))
    expect(mails.some((m) => m.text.includes('/reset-password?token='))).toBe(true)
  })

  it('E5: signup with an existing email answers error=user_already_exists (spec §8) without a session or code', async () => {
    const email = uniqueEmail('e5')
    await signup(email, 'e5 password 123')
    const jar = new CookieJar()
    const res = await signup(email.toUpperCase(), 'other password 9', jar)
    expect(res.statusCode).toBe(303)
    const loc = new URL(res.headers.location as string)
    expect(`${loc.origin}${loc.pathname}`).toBe(SPA.redirectUri)
    expect(loc.searchParams.get('error')).toBe(USER_ALREADY_EXISTS)
    expect(loc.searchParams.get('code')).toBeNull()
    expect(jar.get('loa_sso_session')).toBeUndefined()
  })

  it('E6: 30 wrong passwords from rotating IPs lock the account; the correct password is refused; the lock ends', async () => {
    const email = uniqueEmail('e6')
    await signup(email, 'e6 right password')
    for (let i = 0; i < 30; i++) {
      h.clock.advance(1500) // slower than the quick-login check
      const res = await login(email, `wrong-${i}-password`)
      expect(res.statusCode).toBe(401)
    }
    const refused = await login(email, 'e6 right password')
    expect(refused.statusCode).toBe(401)
    expect(refused.body).toContain('Email hoặc mật khẩu không đúng.')
    h.clock.advance(901_000)
    expect((await login(email, 'e6 right password')).statusCode).toBe(303)
  })

  it('E7: two failures within 1 s add a wait of at least 60 s', async () => {
    const email = uniqueEmail('e7')
    await signup(email, 'e7 right password')
    h.clock.advance(2000)
    await login(email, 'wrong one 1111')
    h.clock.advance(300)
    await login(email, 'wrong two 2222')
    h.clock.advance(30_000)
    expect((await login(email, 'e7 right password')).statusCode).toBe(401)
    h.clock.advance(31_000)
    expect((await login(email, 'e7 right password')).statusCode).toBe(303)
  })

  it('E8: one IP spraying many accounts gets 429 with Retry-After', async () => {
    const ip = '192.0.2.77'
    const statuses: number[] = []
    let retryAfter: unknown
    for (let i = 0; i < h.config.loginRateLimit + 5; i++) {
      const res = await login(`spray${i}@example.com`, 'Password123', new CookieJar(), ip)
      statuses.push(res.statusCode)
      if (res.statusCode === 429) retryAfter = res.headers['retry-after']
    }
    expect(statuses.slice(0, h.config.loginRateLimit).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })

  it('E9: a successful login issues a new session id; the pre-login session cookie stops working', async () => {
    const email = uniqueEmail('e9')
    const jar = new CookieJar()
    await signup(email, 'e9 right password', jar)
    const before = jar.get('loa_sso_session')!
    const { challenge } = pkcePair()
    // force the form (prompt=login) while a session exists, then log in again
    const q = new URLSearchParams(authorizeQuery({ challenge }))
    q.set('prompt', 'login')
    const page = await h.app.inject({
      method: 'GET',
      url: `/authorize?${q}`,
      headers: { cookie: jar.header() },
    })
    jar.absorb(page)
    expect(page.statusCode).toBe(200)
    const res = await h.app.inject({
      method: 'POST',
      url: '/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: new URLSearchParams({
        csrf: csrfFrom(page.body),
        client_id: SPA.clientId,
        redirect_uri: SPA.redirectUri,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        email,
        password: 'e9 right password',
      }).toString(),
      remoteAddress: nextIp(),
    })
    expect(res.statusCode).toBe(303)
    jar.absorb(res)
    const after = jar.get('loa_sso_session')!
    expect(after).not.toBe(before)
    const old = await h.app.inject({
      method: 'GET',
      url: '/profile?client_id=test-spa',
      headers: { cookie: `loa_sso_session=${before}` },
    })
    expect(old.body).toContain('action="/profile/login"')
  })

  it('E10: a reset link works once, expires, and ends every session', async () => {
    const email = uniqueEmail('e10')
    const jar = new CookieJar()
    await signup(email, 'e10 old password', jar)
    const page = await h.app.inject({
      method: 'GET',
      url: '/forgot-password',
      headers: { cookie: jar.header() },
    })
    jar.absorb(page)
    await h.app.inject({
      method: 'POST',
      url: '/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: new URLSearchParams({ csrf: csrfFrom(page.body), email }).toString(),
    })
    const mail = (await h.database.db.select().from(ssoOutbox).where(eq(ssoOutbox.to, email))).find((m) =>
      m.text.includes('reset-password'),
    )!
    const token = /token=([\w-]+)/.exec(mail.text)![1]!
    const reset = async (password: string) => {
      const form = await h.app.inject({
        method: 'GET',
        url: `/reset-password?token=${token}`,
        headers: { cookie: jar.header() },
      })
      jar.absorb(form)
      if (form.statusCode !== 200) return form
      return h.app.inject({
        method: 'POST',
        url: '/reset-password',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
        payload: new URLSearchParams({ csrf: csrfFrom(form.body), token, password }).toString(),
      })
    }
    const sessionBefore = jar.get('loa_sso_session')!
    expect((await reset('e10 new password')).statusCode).toBe(200)
    expect((await reset('e10 third password')).statusCode).toBe(400)
    const profile = await h.app.inject({
      method: 'GET',
      url: '/profile',
      headers: { cookie: `loa_sso_session=${sessionBefore}` },
    })
    expect(profile.body).toContain('action="/profile/login"')
    expect((await login(email, 'e10 new password')).statusCode).toBe(303)
    expect((await userRow(email)).emailVerified).toBe(true)

    // expiry: a second link older than its TTL is refused
    const page2 = await h.app.inject({
      method: 'GET',
      url: '/forgot-password',
      headers: { cookie: jar.header() },
    })
    jar.absorb(page2)
    await h.app.inject({
      method: 'POST',
      url: '/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: new URLSearchParams({ csrf: csrfFrom(page2.body), email }).toString(),
    })
    const mails = await h.database.db.select().from(ssoOutbox).where(eq(ssoOutbox.to, email))
    const tokens = mails.map((m) => /reset-password\?token=([\w-]+)/.exec(m.text)?.[1]).filter(Boolean)
    const latest = tokens.find((t) => t !== token)!
    h.clock.advance(h.config.ttl.resetToken * 1000 + 1000)
    const expired = await h.app.inject({ method: 'GET', url: `/reset-password?token=${latest}` })
    expect(expired.statusCode).toBe(400)
  })

  it('signup signs in at once, marks the email unverified, sends a verification link that verifies it', async () => {
    const email = uniqueEmail('verify')
    const jar = new CookieJar()
    const res = await signup(email, 'verify password 1', jar)
    expect(codeFrom(res.headers.location as string)).toBeTruthy()
    expect((await userRow(email)).emailVerified).toBe(false)
    const profile = await h.app.inject({
      method: 'GET',
      url: '/profile?client_id=test-spa',
      headers: { cookie: jar.header() },
    })
    expect(profile.body).toContain('chưa được xác minh')
    const mail = (await h.database.db.select().from(ssoOutbox).where(eq(ssoOutbox.to, email)))[0]!
    const link = /\/verify-email\?token=[\w-]+&lang=\w+/.exec(mail.text)![0]
    expect((await h.app.inject({ method: 'GET', url: link })).statusCode).toBe(200)
    expect((await userRow(email)).emailVerified).toBe(true)
    expect((await h.app.inject({ method: 'GET', url: link })).statusCode).toBe(400)
  })
})
