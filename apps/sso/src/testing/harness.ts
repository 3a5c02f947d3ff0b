import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { openTestDatabase, type Database } from '@loa/db'
import { buildSsoApp } from '../app.ts'
import { loadSsoConfig, type SsoConfig } from '../config.ts'
import { upsertClient } from '../store/clients.ts'

/**
 * Test harness: the real SSO app on a cloned, migrated + seeded PGlite database, a controllable clock, a
 * cookie jar, and helpers that drive the real login form (GET /authorize → POST with the CSRF token).
 */
export const ISSUER = 'http://sso.test'
export const SPA = {
  clientId: 'test-spa',
  redirectUri: 'http://127.0.0.1:5173/cb',
  otherRedirectUri: 'http://127.0.0.1:5173/other',
  postLogout: 'http://127.0.0.1:5173/',
  origin: 'http://127.0.0.1:5173',
}
export const OTHER = {
  clientId: 'other-app',
  redirectUri: 'https://other.example/cb',
  postLogout: 'https://other.example/bye',
  origin: 'https://other.example',
}
export const OPERATOR_KEY = 'operator-key-for-tests-0123456789'

export class CookieJar {
  readonly cookies = new Map<string, string>()
  absorb(res: LightMyRequestResponse | Response): this {
    const headers =
      'getSetCookie' in res.headers
        ? (res.headers as Headers).getSetCookie()
        : ([] as string[]).concat((res as LightMyRequestResponse).headers['set-cookie'] ?? [])
    for (const line of headers) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return this
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  get(name: string) {
    return this.cookies.get(name)
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export interface Harness {
  app: FastifyInstance
  config: SsoConfig
  database: Database
  clock: { now: () => number; advance: (ms: number) => void }
  close: () => Promise<void>
}

export const createHarness = async (env: Record<string, string> = {}): Promise<Harness> => {
  const database = await openTestDatabase()
  const config = loadSsoConfig(
    {
      SSO_PUBLIC_URL: ISSUER,
      WEB_PUBLIC_URL: 'http://localhost:3000',
      SSO_OPERATOR_KEY: OPERATOR_KEY,
      ...env,
    },
    { generateSecrets: false },
  )
  let now = Date.now()
  const clock = () => now
  const app = buildSsoApp({ config, database, clock })
  await app.ready()
  await upsertClient(database.db, {
    id: SPA.clientId,
    name: 'Test SPA',
    redirectUris: [SPA.redirectUri, SPA.otherRedirectUri],
    postLogoutRedirectUris: [SPA.postLogout],
    roles: [],
  })
  await upsertClient(database.db, {
    id: OTHER.clientId,
    name: 'Other',
    redirectUris: [OTHER.redirectUri],
    postLogoutRedirectUris: [OTHER.postLogout],
    roles: [],
  })
  return {
    app,
    config,
    database,
    clock: { now: () => now, advance: (ms) => void (now += ms) },
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

export interface AuthParams {
  clientId?: string
  redirectUri?: string
  challenge?: string
  state?: string
  nonce?: string
  action?: string
  username?: string
}

export const authorizeQuery = (p: AuthParams & { challenge: string }): string =>
  new URLSearchParams({
    clientId: p.clientId ?? SPA.clientId,
    redirectUri: p.redirectUri ?? SPA.redirectUri,
    responseType: 'code',
    codeChallenge: p.challenge,
    codeChallengeMethod: 'S256',
    state: p.state ?? 'st-123',
    action: p.action ?? 'login',
    ...(p.nonce ? { nonce: p.nonce } : {}),
    ...(p.username ? { username: p.username } : {}),
  }).toString()

export const csrfFrom = (html: string): string => {
  const m = /name="csrf" value="([^"]+)"/.exec(html)
  if (!m) throw new Error('no csrf field in page')
  return m[1]!
}

/** Opens the real login/signup page and submits the form; returns the POST response. */
export const submitAuthForm = async (
  h: Harness,
  jar: CookieJar,
  fields: { email: string; password: string; name?: string },
  params: AuthParams & { challenge: string },
  options: { ip?: string } = {},
) => {
  const page = await h.app.inject({
    method: 'GET',
    url: `/authorize?${authorizeQuery(params)}`,
    headers: { cookie: jar.header() },
    remoteAddress: options.ip,
  })
  jar.absorb(page)
  if (page.statusCode === 303) return page
  const form = new URLSearchParams({
    csrf: csrfFrom(page.body),
    client_id: params.clientId ?? SPA.clientId,
    redirect_uri: params.redirectUri ?? SPA.redirectUri,
    response_type: 'code',
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    state: params.state ?? 'st-123',
    action: params.action ?? 'login',
    ...(params.nonce ? { nonce: params.nonce } : {}),
    email: fields.email,
    password: fields.password,
    ...(fields.name !== undefined ? { name: fields.name } : {}),
  })
  const res = await h.app.inject({
    method: 'POST',
    url: '/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    payload: form.toString(),
    remoteAddress: options.ip,
  })
  jar.absorb(res)
  return res
}

export const codeFrom = (location: string | undefined): string => {
  const url = new URL(location ?? '')
  const code = url.searchParams.get('code')
  if (!code) throw new Error(`no code in ${location}`)
  return code
}

let counter = 0
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now()}${counter++}@example.com`

export const exchangeCode = (
  h: Harness,
  body: Record<string, string>,
  form = false,
  headers: Record<string, string> = {},
) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/token',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
    payload: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  })

/** Signs a new user up through the form and exchanges the code: tokens, jar and the user's email. */
export const signUpAndExchange = async (
  h: Harness,
  options: {
    email?: string
    password?: string
    clientId?: string
    redirectUri?: string
    nonce?: string
  } = {},
) => {
  const jar = new CookieJar()
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? 'correct horse battery'
  const { verifier, challenge } = pkcePair()
  const clientId = options.clientId ?? SPA.clientId
  const redirectUri = options.redirectUri ?? SPA.redirectUri
  const res = await submitAuthForm(
    h,
    jar,
    { email, password, name: 'Nguyễn Văn A' },
    { challenge, action: 'signup', clientId, redirectUri, nonce: options.nonce },
  )
  if (res.statusCode !== 303) throw new Error(`signup failed: ${res.statusCode} ${res.body.slice(0, 300)}`)
  const code = codeFrom(res.headers.location as string)
  const token = await exchangeCode(h, {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
  })
  jar.absorb(token)
  if (token.statusCode !== 200) throw new Error(`exchange failed: ${token.body}`)
  const tokens = token.json() as {
    access_token: string
    refresh_token: string
    id_token: string
    expires_in: number
  }
  return { jar, email, password, tokens, clientId }
}

export const decodeJwt = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>

/** A free loopback port (the issuer must be known before the app is built). */
export const freePort = async (): Promise<number> => {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
}
export const unescapeHtml = (s: string) => s.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (m) => ENTITIES[m] ?? m)

/** The hidden fields of the first form in a page, as a browser would submit them. */
export const hiddenFields = (html: string): Record<string, string> => {
  const fields: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
    fields[unescapeHtml(m[1]!)] ??= unescapeHtml(m[2]!)
  return fields
}

/**
 * Signs a new user up on a listening SSO's real page, as a browser would (client loa-web, PKCE), and exchanges the
 * code from `origin`: the token result. For tests that run the SSO as a server rather than through `inject`.
 */
export const signUpOverHttp = async (options: {
  ssoUrl: string
  redirectUri: string
  origin: string
  name?: string
  email?: string
  password?: string
}): Promise<{ access_token: string; refresh_token: string; id_token: string }> => {
  const jar = new CookieJar()
  const { verifier, challenge } = pkcePair()
  const authorize = new URL(`${options.ssoUrl}/authorize`)
  authorize.search = new URLSearchParams({
    clientId: 'loa-web',
    redirectUri: options.redirectUri,
    responseType: 'code',
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    state: 'http-test',
    action: 'signup',
  }).toString()
  const page = await fetch(authorize)
  jar.absorb(page)
  const html = await page.text()
  const form = new URLSearchParams({
    ...hiddenFields(html),
    name: options.name ?? 'Nguyễn Văn A',
    email: options.email ?? uniqueEmail('http.'),
    password: options.password ?? 'correct horse battery staple 42',
  })
  const action = unescapeHtml(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? authorize.toString())
  const submitted = await fetch(new URL(action, authorize), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: form.toString(),
    redirect: 'manual',
  })
  if (submitted.status !== 303)
    throw new Error(`signup failed: ${submitted.status} ${await submitted.text()}`)
  const exchanged = await fetch(`${options.ssoUrl}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: options.origin },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      client_id: 'loa-web',
      code: codeFrom(submitted.headers.get('location') ?? undefined),
      code_verifier: verifier,
      redirect_uri: options.redirectUri,
    }),
  })
  if (exchanged.status !== 200) throw new Error(`exchange failed: ${await exchanged.text()}`)
  return (
    (await exchanged.json()) as { result: { access_token: string; refresh_token: string; id_token: string } }
  ).result
}
