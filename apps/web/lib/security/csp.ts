/**
 * The web app's Content-Security-Policy (issue 13). Scripts run only from this origin or with the request's
 * nonce (Next adds it to its own inline scripts when the request carries this header); third-party hosts appear
 * only when their feature is configured: the tag manager (`GTM_ID`), the analytics tag (`ANALYTICS_TAG_ID`) and
 * Google sign-in (`GOOGLE_CLIENT_ID`). Pages may be framed only by this origin (the care widget's chat frame
 * shows `/support`); the services the browser calls (api, sso, flags, ai-site, token info) are the only
 * connect targets besides analytics.
 */
import type { PublicConfig } from '@/lib/config'

const GOOGLE_TAG_HOST = 'https://www.googletagmanager.com'
/** Where gtag/GTM send hits and fetch their pieces. */
const ANALYTICS_HOSTS = [
  GOOGLE_TAG_HOST,
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://stats.g.doubleclick.net',
]
const GOOGLE_SIGN_IN_HOST = 'https://accounts.google.com'

const originOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined
  try {
    return new URL(value).origin
  } catch {
    return undefined
  }
}

const unique = (values: (string | undefined)[]): string[] => [
  ...new Set(values.filter((v): v is string => !!v)),
]

export type CspConfig = Pick<
  PublicConfig,
  | 'webUrl'
  | 'apiUrl'
  | 'ssoUrl'
  | 'flagsUrl'
  | 'cdnUrl'
  | 'aiSiteUrl'
  | 'googleTokenInfoUrl'
  | 'chatEmbedUrl'
  | 'googleClientId'
  | 'gtmId'
  | 'gtmServerContainerUrl'
  | 'analyticsTagId'
>

/** A fresh, unguessable nonce per response (128 random bits, base64). */
export const createNonce = (): string => {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}

export const buildCsp = (config: CspConfig, nonce: string, options: { dev?: boolean } = {}): string => {
  const gtm = config.gtmId
    ? unique([originOf(config.gtmServerContainerUrl) ?? GOOGLE_TAG_HOST, ...ANALYTICS_HOSTS])
    : []
  const analytics = config.analyticsTagId ? ANALYTICS_HOSTS : []
  const google = config.googleClientId ? [GOOGLE_SIGN_IN_HOST] : []
  const services = [
    config.apiUrl,
    config.ssoUrl,
    config.flagsUrl,
    config.aiSiteUrl,
    config.googleTokenInfoUrl,
  ].map(originOf)
  const media = unique([originOf(config.cdnUrl), originOf(config.apiUrl)])
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      unique([
        "'self'",
        `'nonce-${nonce}'`,
        ...(options.dev ? ["'unsafe-eval'"] : []),
        ...gtm,
        ...(analytics.length ? [GOOGLE_TAG_HOST] : []),
        ...google.map((h) => `${h}/gsi/client`),
      ]),
    ],
    // Next inlines its stylesheet and React sets style attributes: inline styles stay allowed (no nonce here,
    // which would switch 'unsafe-inline' off).
    ['style-src', unique(["'self'", "'unsafe-inline'", ...google.map((h) => `${h}/gsi/style`)])],
    // Banners and voice samples are operator-set http(s) addresses.
    ['img-src', unique(["'self'", 'data:', 'blob:', 'https:', ...media])],
    ['media-src', unique(["'self'", 'data:', 'blob:', 'https:', ...media])],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', unique(["'self'", ...services, ...gtm, ...analytics, ...google.map((h) => `${h}/gsi/`)])],
    ['frame-src', unique(["'self'", originOf(config.chatEmbedUrl), ...google, ...gtm.slice(0, 1)])],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', unique(["'self'", originOf(config.ssoUrl)])],
    ['frame-ancestors', ["'self'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}

/** Headers every page carries besides the CSP. */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), geolocation=(), payment=(), usb=()',
}
