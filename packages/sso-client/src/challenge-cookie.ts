import { PKCE_COOKIE_PREFIX } from './constants.ts'

/** The login-challenge record of spec §3, plus the one-time `state`/`nonce` and its creation time. */
export interface LoginChallengeRecord {
  codeVerifier: string
  clientId: string
  redirectUri: string
  state: string
  nonce: string
  createdAt: number
}

/** Access to `document.cookie` (replaceable for tests and non-DOM hosts). */
export interface CookieJar {
  read(): string
  write(cookie: string): void
}

/** "Very far ahead" (spec §9). Browsers cap it (Chrome: 400 days), which is still far enough. */
const FAR_EXPIRY = 'Fri, 31 Dec 9999 23:59:59 GMT'
const PAST_EXPIRY = 'Thu, 01 Jan 1970 00:00:00 GMT'

/** Keeps only RFC 6265 token characters (no `:`, `/`, `=`, spaces…); anything else becomes `_`. */
function cookieNamePart(value: string): string {
  return value.replace(/[^A-Za-z0-9!#$%&'*+.^_`|~-]/g, '_')
}

/**
 * The challenge cookie name: prefix `pkce`, client id and client domain joined by `_`, each part sanitised to a
 * valid cookie-name token. `pkceCookieName('loa-web', 'localhost:3000')` = `pkce_loa-web_localhost_3000`.
 */
export function pkceCookieName(clientId: string, clientDomain: string): string {
  return [PKCE_COOKIE_PREFIX, cookieNamePart(clientId), cookieNamePart(clientDomain)].join('_')
}

/**
 * The `Domain` attribute to use, or undefined for a host-only cookie. `clientDomain` is used only when it is a
 * dotted host name (no IP address, port stripped) that the current host equals or belongs to; otherwise the
 * browser would reject the cookie (e.g. `localhost:3000`).
 */
export function cookieDomainFor(clientDomain: string, hostname: string): string | undefined {
  const domain = clientDomain.trim().toLowerCase().replace(/^\.+/, '').replace(/:\d+$/, '')
  const host = hostname.toLowerCase()
  if (!domain.includes('.') || /^[\d.]+$/.test(domain) || domain.includes(':')) return undefined
  if (!/^[a-z0-9.-]+$/.test(domain)) return undefined
  if (host !== domain && !host.endsWith(`.${domain}`)) return undefined
  return domain
}

export interface CookieScope {
  name: string
  domain: string | undefined
  secure: boolean
}

function attributes(scope: CookieScope, expires: string): string {
  const parts = [`path=/`, `expires=${expires}`, 'SameSite=Lax']
  if (scope.domain) parts.push(`domain=${scope.domain}`)
  if (scope.secure) parts.push('Secure')
  return parts.join('; ')
}

export function readCookie(jar: CookieJar, name: string): string | undefined {
  for (const part of jar.read().split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

export function saveChallengeRecord(jar: CookieJar, scope: CookieScope, record: LoginChallengeRecord): void {
  const value = encodeURIComponent(JSON.stringify(record))
  jar.write(`${scope.name}=${value}; ${attributes(scope, FAR_EXPIRY)}`)
}

function isRecord(value: unknown): value is LoginChallengeRecord {
  if (typeof value !== 'object' || value === null) return false
  const r = value as Record<string, unknown>
  return (
    typeof r.codeVerifier === 'string' &&
    typeof r.clientId === 'string' &&
    typeof r.redirectUri === 'string' &&
    typeof r.state === 'string' &&
    typeof r.nonce === 'string' &&
    typeof r.createdAt === 'number'
  )
}

/** The saved record, or undefined when absent or unreadable. */
export function readChallengeRecord(jar: CookieJar, name: string): LoginChallengeRecord | undefined {
  const raw = readCookie(jar, name)
  if (raw === undefined) return undefined
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw))
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** Removes the cookie (with the attributes it was set with, and host-only in case the domain changed). */
export function removeChallengeRecord(jar: CookieJar, scope: CookieScope): void {
  jar.write(`${scope.name}=; ${attributes(scope, PAST_EXPIRY)}`)
  if (scope.domain) jar.write(`${scope.name}=; ${attributes({ ...scope, domain: undefined }, PAST_EXPIRY)}`)
}

/** Name, Domain and Secure flag of a client's challenge cookie on the page at `href`. */
export function cookieScopeFor(
  config: { clientId: string; clientDomain: string },
  href: string,
): CookieScope {
  const url = new URL(href)
  return {
    name: pkceCookieName(config.clientId, config.clientDomain),
    domain: cookieDomainFor(config.clientDomain, url.hostname),
    secure: url.protocol === 'https:',
  }
}
