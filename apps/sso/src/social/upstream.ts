import type { SocialProfile } from '../oauth/social-account.ts'

/** What our SSO needs of one upstream sign-in provider (we are its OAuth client). */
export interface SocialProvider {
  id: string
  /** Where the browser goes: the provider's consent page with state + PKCE (+ nonce for OpenID Connect). */
  authorizationUrl: (args: {
    redirectUri: string
    state: string
    nonce: string
    codeVerifier: string
  }) => Promise<URL>
  /** Exchanges the code the provider sent back to `currentUrl` and reads the profile; throws on any failure. */
  complete: (args: {
    currentUrl: URL
    redirectUri: string
    state: string
    nonce: string
    codeVerifier: string
  }) => Promise<SocialProfile>
}

export class UpstreamError extends Error {}

/** Plain http is allowed only for loopback addresses (the tests' identity providers). */
export const isLoopback = (url: string) => {
  const { protocol, hostname } = new URL(url)
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname)
}

/** A provider call: https (or loopback), 10 s at most, a JSON object back. */
export const upstreamJson = async (
  url: URL,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> => {
  if (url.protocol !== 'https:' && !isLoopback(url.href))
    throw new UpstreamError(`insecure URL ${url.origin}`)
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) })
  const body = (await res.json().catch(() => undefined)) as unknown
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new UpstreamError(`${url.origin}${url.pathname} answered ${res.status} without a JSON object`)
  return { status: res.status, body: body as Record<string, unknown> }
}

export const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

/** Facebook's and Zalo's `picture: {data: {url}}` (or a plain URL string). */
export const pictureUrl = (picture: unknown): string | undefined => {
  if (typeof picture === 'string') return picture
  const url = (picture as { data?: { url?: unknown } } | undefined)?.data?.url
  return typeof url === 'string' ? url : undefined
}
