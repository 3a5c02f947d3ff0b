import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

/**
 * Shared parts of the loopback identity providers the social sign-in tests talk to (Google, any OpenID provider,
 * Facebook, Zalo): a server on 127.0.0.1, a sign-in + consent page a person (or a test) fills in, and single-use
 * authorization codes bound to the client, the redirect URI, the PKCE challenge and the nonce.
 */
export interface IdpAccount {
  /** The provider's stable user id (`sub`, Facebook/Zalo `id`). */
  id: string
  name: string
  /** Zalo never shares one; a Facebook account opened with a phone number has none. */
  email?: string
  emailVerified?: boolean
}

export interface PendingAuthorization {
  clientId: string
  redirectUri: string
  state?: string
  nonce?: string
  scope: string
  codeChallenge?: string
  codeChallengeMethod?: string
}

export interface IssuedCode extends PendingAuthorization {
  account: IdpAccount
  used: boolean
  expiresAt: number
}

export interface IdpRequest {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  /** The urlencoded body (token endpoint, consent form). */
  form: URLSearchParams
}

export type IdpAnswer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string }
  | { status: 302; location: string }

export const randomId = (bytes = 24) => randomBytes(bytes).toString('base64url')

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** RFC 7636 §4.6: the verifier must hash to the challenge (S256; plain compares as is). */
export const pkceMatches = (code: PendingAuthorization, verifier: string | null) => {
  if (!code.codeChallenge) return true
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false
  return (code.codeChallengeMethod ?? 'S256') === 'plain'
    ? verifier === code.codeChallenge
    : s256(verifier) === code.codeChallenge
}

/** Codes live 60 s and are good once; a replay finds the code `used`. */
export class CodeStore {
  private readonly codes = new Map<string, IssuedCode>()
  issue(pending: PendingAuthorization, account: IdpAccount): string {
    const code = randomId()
    this.codes.set(code, { ...pending, account, used: false, expiresAt: Date.now() + 60_000 })
    return code
  }
  /** The code's record, or why not: unknown, already used (replay), expired. */
  redeem(code: string | null): IssuedCode | 'unknown' | 'used' | 'expired' {
    const record = code ? this.codes.get(code) : undefined
    if (!record) return 'unknown'
    if (record.used) return 'used'
    record.used = true
    return record.expiresAt < Date.now() ? 'expired' : record
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The provider's page: who signs in (name, e-mail unless the provider shares none, whether the e-mail is
 * verified) and the two buttons, Allow and Cancel. The pending request travels in a hidden field.
 */
export const consentPage = (args: {
  provider: string
  appName: string
  pendingId: string
  withEmail: boolean
  account?: Partial<IdpAccount>
}) => {
  const a = args.account ?? {}
  const field = (name: string, label: string, value: string, type = 'text') =>
    `<label>${label} <input name="${name}" type="${type}" value="${escapeHtml(value)}"></label>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(args.provider)} — sign in</title></head>
<body><main><h1>${escapeHtml(args.provider)}</h1>
<p>${escapeHtml(args.appName)} wants to use your ${escapeHtml(args.provider)} account.</p>
<form method="post" action="/consent">
<input type="hidden" name="pending" value="${escapeHtml(args.pendingId)}">
${field('id', 'Account id', a.id ?? '')}
${field('name', 'Name', a.name ?? '')}
${args.withEmail ? `${field('email', 'E-mail', a.email ?? '', 'email')}<label><input type="checkbox" name="email_verified" value="true"${a.emailVerified === false ? '' : ' checked'}> E-mail verified</label>` : ''}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></main></body></html>`
}

/** The account a consent form describes (an id is made up from the e-mail or the name when left empty). */
export const accountFromForm = (form: URLSearchParams, withEmail: boolean): IdpAccount => {
  const email = withEmail ? form.get('email')?.trim() || undefined : undefined
  const name = form.get('name')?.trim() || 'Test User'
  const id =
    form.get('id')?.trim() ||
    s256(email ?? name)
      .replace(/\D/g, '')
      .slice(0, 15) ||
    '1000000001'
  return { id, name, email, emailVerified: email ? form.get('email_verified') === 'true' : undefined }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 64 * 1024) reject(new Error('body too large'))
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })

const send = (res: ServerResponse, answer: IdpAnswer) => {
  if ('location' in answer) {
    res.writeHead(302, { location: answer.location, 'cache-control': 'no-store' })
    return void res.end()
  }
  if ('html' in answer) {
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' })
    return void res.end(answer.html)
  }
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...answer.headers,
  })
  res.end(JSON.stringify(answer.json))
}

export interface LoopbackServer {
  url: string
  /** Requests received (a test checks that a refused call reached nobody). */
  hits: () => number
  close: () => Promise<void>
}

/** Listens on 127.0.0.1 (`port` 0 = any free port) and answers through `handle`. */
export const startLoopbackServer = async (
  handle: (request: IdpRequest) => IdpAnswer | Promise<IdpAnswer>,
  port = 0,
): Promise<LoopbackServer> => {
  let hits = 0
  const server: Server = createServer((req, res) => {
    hits++
    void (async () => {
      const body = req.method === 'POST' ? await readBody(req) : ''
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      send(
        res,
        await handle({
          method: req.method ?? 'GET',
          url,
          headers: req.headers,
          form: new URLSearchParams(body),
        }),
      )
    })().catch((error: unknown) => send(res, { status: 500, json: { error: String(error) } }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const address = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${address.port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** `redirect_uri` with the parameters added (and an optional fragment, as Facebook appends `#_=_`). */
export const redirectTo = (redirectUri: string, params: Record<string, string | undefined>, hash = '') => {
  const url = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v)
  return `${url.href}${hash}`
}

/**
 * The browser part of a provider: the authorization endpoint shows the consent page for a checked request; the
 * page's form comes back to `/consent`, which redirects to the client with a code (Allow) or the provider's
 * refusal (Cancel).
 */
export class ConsentFlow {
  readonly codes = new CodeStore()
  private readonly pending = new Map<string, PendingAuthorization>()
  constructor(
    private readonly options: {
      provider: string
      withEmail: boolean
      approve: (request: PendingAuthorization, code: string) => string
      deny: (request: PendingAuthorization) => string
    },
  ) {}

  page(request: PendingAuthorization, appName: string): IdpAnswer {
    const pendingId = randomId()
    this.pending.set(pendingId, request)
    return {
      status: 200,
      html: consentPage({
        provider: this.options.provider,
        appName,
        pendingId,
        withEmail: this.options.withEmail,
      }),
    }
  }

  submit(form: URLSearchParams): IdpAnswer {
    const id = form.get('pending') ?? ''
    const request = this.pending.get(id)
    if (!request)
      return { status: 400, html: '<!doctype html><title>Expired</title><p>This request expired.</p>' }
    this.pending.delete(id)
    if (form.get('decision') !== 'allow') return { status: 302, location: this.options.deny(request) }
    const code = this.codes.issue(request, accountFromForm(form, this.options.withEmail))
    return { status: 302, location: this.options.approve(request, code) }
  }
}

/** Drives a consent page without a browser (service tests): GET the authorization URL, submit the form. */
export const consentWithoutBrowser = async (
  authorizationUrl: string,
  account: Partial<IdpAccount>,
  decision: 'allow' | 'deny' = 'allow',
): Promise<string> => {
  const page = await fetch(authorizationUrl, { redirect: 'manual' })
  const html = await page.text()
  const pending = /name="pending" value="([^"]+)"/.exec(html)?.[1]
  if (page.status !== 200 || !pending)
    throw new Error(`no consent page (${page.status}): ${html.slice(0, 200)}`)
  const form = new URLSearchParams({ pending, decision, id: account.id ?? '', name: account.name ?? '' })
  if (account.email !== undefined) form.set('email', account.email)
  if (account.emailVerified !== false) form.set('email_verified', 'true')
  const res = await fetch(new URL('/consent', authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  })
  const location = res.headers.get('location')
  if (res.status !== 302 || !location) throw new Error(`consent answered ${res.status}`)
  return location
}
