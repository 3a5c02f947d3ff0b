import path from 'node:path'
import { z } from 'zod'
import {
  httpUrl,
  logLevel,
  parseConfig,
  port,
  readOrCreateSecret,
  redisEnvFields,
  trustProxySetting,
  type Env,
  type TrustProxy,
} from '@loa/service-kit'

const list = (value: string) =>
  value
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean)

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback)

const schema = z.object({
  SSO_PORT: port(4100),
  HOST: z.string().default('127.0.0.1'),
  SSO_PUBLIC_URL: httpUrl().optional(),
  WEB_PUBLIC_URL: httpUrl().default('http://localhost:3000'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Scale mode: per-IP rate limits are counted in Redis, so every replica shares them. */
  ...redisEnvFields,
  LOG_LEVEL: logLevel(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Loa <no-reply@loa.local>'),
  SSO_OPERATOR_KEY: z.string().min(16).optional(),
  /** Which proxies' X-Forwarded-For gives the client IP (rate limits): none by default; hops or CIDRs behind yours. */
  SSO_TRUST_PROXY: trustProxySetting(),
  /** `auto`: Secure + `__Host-` cookies when the issuer is https. */
  SSO_COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Lifetimes in seconds: access token (300), ID token (300), authorization code (60). */
  SSO_ACCESS_TOKEN_TTL: seconds(300),
  SSO_ID_TOKEN_TTL: seconds(300),
  SSO_CODE_TTL: seconds(60),
  /** SSO session (= refresh family) idle timeout (7 days) and absolute lifetime (30 days). */
  SSO_SESSION_IDLE_TTL: seconds(7 * 24 * 3600),
  SSO_SESSION_MAX_TTL: seconds(30 * 24 * 3600),
  /** Emailed links: password reset (1 h), email verification (3 days). */
  SSO_RESET_TOKEN_TTL: seconds(3600),
  SSO_VERIFY_TOKEN_TTL: seconds(3 * 24 * 3600),
  /** Signing keys (kept in the database, not in secrets.json): a retired key stays in the JWKS 24 h; the active key
   * is replaced automatically after 90 days (`loa sso keys rotate` does it at once). */
  SSO_KEY_RETENTION: seconds(24 * 3600),
  SSO_KEY_ROTATION: seconds(90 * 24 * 3600),
  /** Per-account lockout: every Nth failed login adds 60 s (× n, max 900 s). */
  SSO_LOGIN_FAILURE_FACTOR: z.coerce.number().int().positive().default(5),
  /** Per-IP requests per minute: credential forms + One Tap (30), token/refresh/logout (120). */
  SSO_LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  SSO_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** Operators: accounts with one of these verified emails get ADMIN_ROLES (`resource:role`) at every sign-in. */
  ADMIN_EMAILS: z.string().default(''),
  ADMIN_ROLES: z.string().default('loa-api:admin,loa-flags:admin'),
  /** Social providers, each enabled only when its id and secret are set; endpoints overridable (tests, proxies). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: httpUrl().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: httpUrl().default('https://www.googleapis.com/oauth2/v3/certs'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZATION_URL: httpUrl().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: httpUrl().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: httpUrl().default('https://graph.facebook.com/me?fields=id,name,email,picture'),
  FACEBOOK_SCOPE: z.string().default('email,public_profile'),
  /** Zalo (OAuth v4 + PKCE; no e-mail: a Zalo account is its own identity), enabled by app id + secret key. */
  ZALO_APP_ID: z.string().optional(),
  ZALO_APP_SECRET: z.string().optional(),
  ZALO_AUTHORIZATION_URL: httpUrl().default('https://oauth.zaloapp.com/v4/permission'),
  ZALO_TOKEN_URL: httpUrl().default('https://oauth.zaloapp.com/v4/access_token'),
  ZALO_USERINFO_URL: httpUrl().default('https://graph.zalo.me/v2.0/me?fields=id,name,picture'),
  /** Any OpenID Connect provider (a company's own IdP), found by its issuer or discovery-document URL. */
  OIDC_DISCOVERY_URL: httpUrl().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_LABEL: z.string().min(1).max(40).default('SSO'),
  OIDC_SCOPE: z.string().default('openid email profile'),
})

/** One upstream sign-in provider; `id` is the path segment (`/api/v1/auth/{id}`), `label` the button's text. */
export type SocialProviderConfig = {
  id: 'google' | 'facebook' | 'zalo' | 'oidc'
  label: string
  clientId: string
  clientSecret: string
  scope: string
} & (
  | { kind: 'oidc'; /** Issuer or discovery-document URL. */ issuer: string }
  | { kind: 'facebook' | 'zalo'; authorizationUrl: string; tokenUrl: string; userinfoUrl: string }
)

export interface SsoConfig {
  port: number
  host: string
  /** The issuer: SSO_PUBLIC_URL without a trailing slash. */
  issuer: string
  webUrl: string
  dataDir: string
  databaseUrl?: string
  logLevel: string
  smtpUrl?: string
  smtpFrom: string
  operatorKey?: string
  trustProxy: TrustProxy
  secureCookies: boolean
  ttl: {
    accessToken: number
    idToken: number
    code: number
    sessionIdle: number
    sessionMax: number
    resetToken: number
    verifyToken: number
    keyRetention: number
    /** The active signing key is replaced automatically once it is this old. */
    keyRotation: number
  }
  loginFailureFactor: number
  loginRateLimit: number
  tokenRateLimit: number
  redisUrl?: string
  rateLimitRedisPrefix: string
  social: SocialProviderConfig[]
  /** Lower-cased operator emails (ADMIN_EMAILS) and the roles they get at sign-in (ADMIN_ROLES). */
  adminEmails: string[]
  adminRoles: { resource: string; role: string }[]
  googleOneTap?: { clientId: string; issuers: string[]; jwksUrl: string }
}

/**
 * Parses the SSO's environment. In embedded mode (no DATABASE_URL) a missing SSO_OPERATOR_KEY is generated once
 * into `$DATA_DIR/secrets.json`; pass `{ generateSecrets: false }` to leave it unset (tests).
 */
export const loadSsoConfig = (env: Env, options: { generateSecrets?: boolean } = {}): SsoConfig => {
  const e = parseConfig('sso', schema, env)
  const issuer = e.SSO_PUBLIC_URL ?? `http://localhost:${e.SSO_PORT}`
  const social: SocialProviderConfig[] = []
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)
    social.push({
      id: 'google',
      label: 'Google',
      kind: 'oidc',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
      scope: 'openid email profile',
    })
  if (e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET)
    social.push({
      id: 'facebook',
      label: 'Facebook',
      kind: 'facebook',
      clientId: e.FACEBOOK_CLIENT_ID,
      clientSecret: e.FACEBOOK_CLIENT_SECRET,
      authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
      tokenUrl: e.FACEBOOK_TOKEN_URL,
      userinfoUrl: e.FACEBOOK_USERINFO_URL,
      scope: e.FACEBOOK_SCOPE,
    })
  if (e.ZALO_APP_ID && e.ZALO_APP_SECRET)
    social.push({
      id: 'zalo',
      label: 'Zalo',
      kind: 'zalo',
      clientId: e.ZALO_APP_ID,
      clientSecret: e.ZALO_APP_SECRET,
      authorizationUrl: e.ZALO_AUTHORIZATION_URL,
      tokenUrl: e.ZALO_TOKEN_URL,
      userinfoUrl: e.ZALO_USERINFO_URL,
      scope: '',
    })
  if (e.OIDC_DISCOVERY_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET)
    social.push({
      id: 'oidc',
      label: e.OIDC_LABEL,
      kind: 'oidc',
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      issuer: e.OIDC_DISCOVERY_URL,
      scope: e.OIDC_SCOPE,
    })
  let operatorKey = e.SSO_OPERATOR_KEY
  if (!operatorKey && !e.DATABASE_URL && options.generateSecrets !== false)
    operatorKey = readOrCreateSecret(e.DATA_DIR, 'SSO_OPERATOR_KEY')
  return {
    port: e.SSO_PORT,
    host: e.HOST,
    issuer,
    webUrl: e.WEB_PUBLIC_URL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    operatorKey,
    trustProxy: e.SSO_TRUST_PROXY,
    secureCookies:
      e.SSO_COOKIE_SECURE === 'auto' ? issuer.startsWith('https://') : e.SSO_COOKIE_SECURE === 'true',
    ttl: {
      accessToken: e.SSO_ACCESS_TOKEN_TTL,
      idToken: e.SSO_ID_TOKEN_TTL,
      code: e.SSO_CODE_TTL,
      sessionIdle: e.SSO_SESSION_IDLE_TTL,
      sessionMax: e.SSO_SESSION_MAX_TTL,
      resetToken: e.SSO_RESET_TOKEN_TTL,
      verifyToken: e.SSO_VERIFY_TOKEN_TTL,
      keyRetention: e.SSO_KEY_RETENTION,
      keyRotation: e.SSO_KEY_ROTATION,
    },
    loginFailureFactor: e.SSO_LOGIN_FAILURE_FACTOR,
    loginRateLimit: e.SSO_LOGIN_RATE_LIMIT,
    tokenRateLimit: e.SSO_TOKEN_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    rateLimitRedisPrefix: e.RATE_LIMIT_REDIS_PREFIX,
    social,
    adminEmails: list(e.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    adminRoles: list(e.ADMIN_ROLES).map((pair) => {
      const [resource = '', role = ''] = pair.split(':')
      if (!resource || !role) throw new Error(`sso: ADMIN_ROLES entry '${pair}' is not resource:role`)
      return { resource, role }
    }),
    googleOneTap: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          issuers: [...new Set(['accounts.google.com', 'https://accounts.google.com', e.GOOGLE_ISSUER])],
          jwksUrl: e.GOOGLE_JWKS_URL,
        }
      : undefined,
  }
}

/** For the CLI: the SSO configuration from this process's environment. */
export const loadSsoConfigFromProcess = (options: { generateSecrets?: boolean } = {}): SsoConfig =>
  loadSsoConfig(process.env, options)
