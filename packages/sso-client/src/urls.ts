import { CALLBACK_PARAMS } from './constants.ts'

export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '')

/** Parses an absolute http(s) URL; undefined for anything else (relative, `javascript:`, `data:`…). */
export function parseHttpUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * Resolves an app address (absolute or relative to the current page) and accepts it only when it is http(s) on
 * the current origin or a host inside the cookie domain — never an address elsewhere (no client-side open
 * redirect). Throws "Invalid redirect URI" otherwise.
 */
export function resolveAppUrl(value: string, currentHref: string, cookieDomain: string | undefined): string {
  let url: URL
  try {
    url = new URL(value, currentHref)
  } catch {
    throw new Error('Invalid redirect URI')
  }
  const current = new URL(currentHref)
  const httpish = url.protocol === 'http:' || url.protocol === 'https:'
  const sameOrigin = url.origin === current.origin
  const inDomain =
    cookieDomain !== undefined &&
    url.protocol === current.protocol &&
    (url.hostname === cookieDomain || url.hostname.endsWith(`.${cookieDomain}`))
  if (!httpish || url.username || url.password || (!sameOrigin && !inDomain)) {
    throw new Error('Invalid redirect URI')
  }
  return url.toString()
}

/** The current page as a redirect URI: origin + path (registered redirect URIs are matched exactly). */
export function currentPageUri(currentHref: string): string {
  const url = new URL(currentHref)
  return `${url.origin}${url.pathname}`
}

/** The address without the given query parameters. */
export function withoutParams(href: string, names: readonly string[]): string {
  const url = new URL(href)
  for (const name of names) url.searchParams.delete(name)
  return url.toString()
}

export const AFTER_EXCHANGE_PARAMS: readonly string[] = [...CALLBACK_PARAMS, 'action']
export const AFTER_ERROR_PARAMS: readonly string[] = [
  ...CALLBACK_PARAMS,
  'error',
  'error_description',
  'error_uri',
]

/** `myAccountUrl` (if an absolute http(s) address) or `{ssoUrl}/profile`, with the `client_id` parameter. */
export function accountUrlFor(config: {
  myAccountUrl?: string | undefined
  ssoUrl: string
  clientId: string
}): string {
  const url = parseHttpUrl(config.myAccountUrl) ?? new URL(`${withoutTrailingSlash(config.ssoUrl)}/profile`)
  url.searchParams.set('client_id', config.clientId)
  return url.toString()
}
