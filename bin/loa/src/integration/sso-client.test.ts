/**
 * Integration of two workspaces, so it lives with the composer (packages never import apps): the client
 * (`@loa/sso-client`) against the real SSO app (`buildSsoApp` from `@loa/sso`, listening on 127.0.0.1 with a
 * PGlite test database). The browser is emulated only where Node lacks it: a cookie jar per site (the page's
 * `document.cookie` and the SSO's cookies sent with `credentials: 'include'`), the `Origin` header, the address
 * bar, localStorage. Signup goes through the SSO's real HTML form.
 */
import { createServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openTestDatabase, type Database } from '@loa/db'
import { buildSsoApp, loadSsoConfig } from '@loa/sso'
import {
  SsoClient,
  type ChannelLike,
  type CookieJar,
  type SsoConfig,
  type SsoEnvironment,
} from '@loa/sso-client'

const WEB = 'http://localhost:3000'

let app: FastifyInstance
let database: Database
let issuer: string

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  const port = await freePort()
  issuer = `http://127.0.0.1:${port}`
  database = await openTestDatabase()
  const config = loadSsoConfig(
    { SSO_PUBLIC_URL: issuer, WEB_PUBLIC_URL: WEB, SSO_PORT: String(port), HOST: '127.0.0.1' },
    { generateSecrets: false },
  )
  app = buildSsoApp({ config, database })
  await app.listen({ host: '127.0.0.1', port })
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** The browser's cookie store for one site, fed by `Set-Cookie` answers or `document.cookie` writes. */
class SiteCookies {
  readonly values = new Map<string, string>()
  set(line: string): void {
    const [pair, ...attributes] = line.split(';')
    const eq = pair!.indexOf('=')
    const name = pair!.slice(0, eq).trim()
    const value = pair!.slice(eq + 1).trim()
    const expired = attributes.some((a) => {
      const [key, val] = a.split('=').map((x) => x.trim().toLowerCase())
      return (key === 'max-age' && Number(val) <= 0) || (key === 'expires' && Date.parse(val!) < Date.now())
    })
    if (expired || value === '') this.values.delete(name)
    else this.values.set(name, value)
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

/** One browser: a page on the web origin, the SSO's cookies, shared localStorage; tabs share all of it. */
class Browser {
  readonly pageCookies = new SiteCookies()
  readonly ssoCookies = new SiteCookies()
  readonly storage = new Map<string, string>()
  refreshCalls = 0

  fetch = async (input: string, init: RequestInit): Promise<Response> => {
    expect(init.credentials).toBe('include')
    if (input.endsWith('/api/v1/auth/refresh-token')) this.refreshCalls += 1
    const headers = new Headers(init.headers)
    headers.set('origin', WEB)
    if (this.ssoCookies.values.size) headers.set('cookie', this.ssoCookies.header())
    const response = await fetch(input, { ...init, headers, credentials: undefined })
    for (const line of response.headers.getSetCookie()) this.ssoCookies.set(line)
    return response
  }

  tab(address: string): Tab {
    return new Tab(this, address)
  }
}

class Tab {
  address: string
  readonly redirects: string[] = []
  reloads = 0
  readonly errors: unknown[] = []
  readonly warnings: unknown[] = []
  constructor(
    readonly browser: Browser,
    address: string,
  ) {
    this.address = address
  }

  environment(): Partial<SsoEnvironment> {
    const browser = this.browser
    const cookies: CookieJar = {
      read: () => browser.pageCookies.header(),
      write: (cookie) => browser.pageCookies.set(cookie),
    }
    return {
      fetch: browser.fetch,
      currentUrl: () => this.address,
      redirect: (url) => void this.redirects.push(url),
      replaceUrl: (url) => {
        this.address = url
      },
      reload: () => {
        this.reloads += 1
      },
      now: () => Date.now(),
      logger: {
        error: (...args: unknown[]) => void this.errors.push(args),
        warn: (...args: unknown[]) => void this.warnings.push(args),
      },
      cookies,
      locks: undefined,
      storage: {
        getItem: (key) => browser.storage.get(key) ?? null,
        setItem: (key, value) => void browser.storage.set(key, value),
        removeItem: (key) => void browser.storage.delete(key),
      },
      createChannel: (name) => new BroadcastChannel(name) as unknown as ChannelLike,
    }
  }

  client(config: SsoConfig): SsoClient {
    return new SsoClient(config, this.environment())
  }
}

/** An attribute of an HTML tag as the SSO's React renderer escapes it. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  if (!match) return undefined
  return match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Opens the SSO's signup page and submits its form like a user; answers the 303 location. */
async function signUpThroughForm(browser: Browser, authorizeUrl: string, email: string): Promise<string> {
  const page = await fetch(authorizeUrl, {
    headers: { cookie: browser.ssoCookies.header() },
    redirect: 'manual',
  })
  for (const line of page.headers.getSetCookie()) browser.ssoCookies.set(line)
  expect(page.status).toBe(200)
  const html = await page.text()
  const form = /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html)
  expect(form).not.toBeNull()
  const fields = new URLSearchParams()
  for (const [tag] of form![1]!.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, 'name')
    if (name && attribute(tag, 'type') === 'hidden') fields.set(name, attribute(tag, 'value') ?? '')
  }
  fields.set('name', 'Trần Thị Lan')
  fields.set('email', email)
  fields.set('password', 'correct horse battery staple 42')
  const formTag = /<form[^>]*>/.exec(form![0])![0]
  const action = new URL(attribute(formTag, 'action') ?? authorizeUrl, authorizeUrl).toString()
  const submitted = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.ssoCookies.header() },
    body: fields.toString(),
    redirect: 'manual',
  })
  for (const line of submitted.headers.getSetCookie()) browser.ssoCookies.set(line)
  expect(submitted.status).toBe(303)
  return submitted.headers.get('location')!
}

test('signup through the real SSO → exchange → reload keeps the session → two tabs refresh → logout', async () => {
  const config: SsoConfig = {
    clientId: 'loa-web',
    ssoUrl: issuer,
    ssoApiUrl: issuer,
    clientDomain: 'localhost:3000',
    options: { autoLogin: false, useSSO: true },
  }
  const browser = new Browser()
  const stops: Array<() => void> = []
  try {
    // 1. the web page starts a signup
    const landing = browser.tab(`${WEB}/studio`)
    const landingClient = landing.client(config)
    await landingClient.signup({ username: 'lan@example.vn' })
    const authorizeUrl = landing.redirects[0]!
    expect(authorizeUrl.startsWith(`${issuer}/authorize?`)).toBe(true)
    expect(browser.pageCookies.values.has('pkce_loa-web_localhost_3000')).toBe(true)

    // 2. the user signs up on the SSO page and is sent back with code, state and iss
    const callback = await signUpThroughForm(browser, authorizeUrl, `lan${Date.now()}@example.vn`)
    const back = new URL(callback)
    expect(`${back.origin}${back.pathname}`).toBe(`${WEB}/studio`)
    expect(back.searchParams.get('state')).toBe(new URL(authorizeUrl).searchParams.get('state'))

    // 3. the page loads with the code: exchanged, address cleaned, reload
    const returned = browser.tab(callback)
    const returnedClient = returned.client(config)
    stops.push(returnedClient.start())
    expect(await returnedClient.ready()).toBe(true)
    expect(returned.errors).toEqual([])
    expect(returned.reloads).toBe(1)
    expect(returned.address).toBe(`${WEB}/studio`)
    expect(browser.pageCookies.values.has('pkce_loa-web_localhost_3000')).toBe(false)
    expect(returnedClient.getSnapshot().auth.authenticated).toBe(true)

    // 4. after the reload the session comes back through the refresh cookie
    const reloaded = browser.tab(returned.address)
    const tabA = reloaded.client(config)
    stops.push(tabA.start())
    expect(await tabA.ready()).toBe(true)
    const auth = tabA.getSnapshot().auth
    expect(auth.idTokenParsed?.name).toBe('Trần Thị Lan')
    expect(auth.subject).toBe(returnedClient.getSnapshot().auth.subject)
    expect(auth.timeSkew).not.toBeNull()
    expect(Math.abs(auth.timeSkew!)).toBeLessThanOrEqual(2)
    const jwks = createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`))
    const verified = await jwtVerify(auth.token!, jwks, { issuer })
    expect(verified.payload.sub).toBe(auth.subject)
    expect(tabA.getAuthorizationHeader()).toBe(`Bearer ${auth.token}`)

    // 5. a second tab opens; both then force a refresh at once: one network refresh, no reuse revocation
    const tabB = browser.tab(`${WEB}/`).client(config)
    stops.push(tabB.start())
    expect(await tabB.ready()).toBe(true)
    const before = browser.refreshCalls
    expect(await Promise.all([tabA.updateToken(-1), tabB.updateToken(-1)])).toEqual([true, true])
    expect(browser.refreshCalls - before).toBe(1)
    // both tabs end with the same tokens (broadcasts arrive asynchronously)
    await expect.poll(() => tabB.getSnapshot().auth.token === tabA.getSnapshot().auth.token).toBe(true)
    expect(await tabB.updateToken(-1)).toBe(true) // the rotated cookie still works: the family was not revoked
    await expect.poll(() => tabA.getSnapshot().auth.token === tabB.getSnapshot().auth.token).toBe(true)

    // 6. logout: status 1 → redirect; the session is gone for every tab and for the next load
    await tabA.logout({ redirectUri: '/' })
    expect(reloaded.redirects).toEqual([`${WEB}/`])
    await expect.poll(() => tabB.getSnapshot().auth.authenticated).toBe(false)
    const afterLogout = browser.tab(`${WEB}/`)
    const lastClient = afterLogout.client(config)
    stops.push(lastClient.start())
    expect(await lastClient.ready()).toBe(false)
    expect(lastClient.getSnapshot().auth).toEqual({ initialized: true, authenticated: false, timeSkew: null })
    // no refresh cookie is left: the SSO answers "no session" (200, status 0), a warning rather than an error
    expect(afterLogout.warnings).toEqual([['Failed to get token from refresh token']])
    expect(afterLogout.errors).toEqual([])
  } finally {
    for (const stop of stops) stop()
  }
})
