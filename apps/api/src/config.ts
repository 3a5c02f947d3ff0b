import { z } from 'zod'
import {
  bool,
  csv,
  httpUrl,
  logLevel,
  parseConfig,
  port,
  redisEnvFields,
  s3EnvFields,
  screenProviderKeyReader,
  s3FromEnv,
  trustProxySetting,
  voiceProvidersEnvFields,
  voiceProvidersFromEnv,
  type Env,
  type S3Settings,
  type TrustProxy,
  type VoiceProviderSettings,
} from '@loa/service-kit'
import { paymentEnvFields, paymentsFromEnv, type PaymentsConfig } from './payments/config.ts'

const positiveInt = (fallback: number, max = 1_000_000_000) =>
  z.coerce.number().int().min(1).max(max).default(fallback)

const schema = z.object({
  API_PORT: port(4000),
  HOST: z.string().default('127.0.0.1'),
  API_PUBLIC_URL: httpUrl().optional(),
  /** The web app's origin: allowed by CORS, and the base of links the API hands out. */
  WEB_PUBLIC_URL: httpUrl().default('http://localhost:3000'),
  /** More browser origins allowed by CORS (comma separated). */
  CORS_ORIGINS: csv(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  ...redisEnvFields,
  /** Issuer of the access tokens. */
  SSO_PUBLIC_URL: httpUrl().default('http://localhost:4100'),
  SSO_JWKS_URL: httpUrl().optional(),
  /** Verify tokens with the realm info's `public_key` (an existing Keycloak realm) instead of the JWKS. */
  SSO_REALM_INFO_URL: httpUrl().optional(),
  /** The token's `resource_access` entry whose roles apply to this API. */
  API_SSO_RESOURCE: z.string().min(1).default('loa-api'),
  /** Token audiences this API accepts (comma separated): default its resource and the web client `loa-web`. */
  API_SSO_AUDIENCES: csv(),
  /** Ask the SSO whether a token's session is still alive (sign-out everywhere, lock), at most once per cache time. */
  API_SESSION_CHECK: bool(true),
  API_SESSION_CHECK_URL: httpUrl().optional(),
  API_SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long a verified access token is trusted without checking its signature again (never past its expiry; 0 off). */
  API_TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(60_000),
  /** How long a signed-in reader's profile row and balances are reused (the caller's own writes clear them; 0 off). */
  API_ACCOUNT_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /** The SSO's address from the API (token refresh, the back-office's operator API) and the operator API's key. */
  SSO_INTERNAL_URL: httpUrl().optional(),
  SSO_OPERATOR_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Base prepended to media paths that are not absolute http(s) addresses (spec §5). */
  CDN_URL: httpUrl().optional(),
  FILE_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ...s3EnvFields,
  LOG_LEVEL: logLevel(),
  /** Which proxies' X-Forwarded-For gives the client IP (per-IP limits): none by default; hops or CIDRs behind yours. */
  API_TRUST_PROXY: trustProxySetting(),
  /** JSON body limit in bytes. */
  API_BODY_LIMIT: positiveInt(262_144, 10_485_760),
  /** Largest support-ticket attachment, in bytes. */
  API_UPLOAD_MAX_BYTES: positiveInt(10_485_760, 104_857_600),
  /** Requests per minute per IP on public writes (contacts, demo events, clicks, deletion requests). */
  API_RATE_LIMIT_PUBLIC_WRITES: positiveInt(30),
  /** Requests per minute per IP on contact form and account deletion requests. */
  API_RATE_LIMIT_FORMS: positiveInt(5),
  /** Clock tolerance for token expiry checks, in seconds. */
  /** How long public catalogue answers are cached in process (0 disables). */
  API_CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  API_TOKEN_CLOCK_TOLERANCE: z.coerce.number().int().min(0).max(300).default(30),
  /** Callback hosts allowed even when they resolve to private/loopback addresses (development only). */
  CALLBACK_ALLOW_HOSTS: csv(),
  /** Developer API limits per app (defaults for new apps): requests running at once, requests per minute. */
  TTS_APP_MAX_CONCURRENT: positiveInt(5, 1_000),
  TTS_APP_REQUESTS_PER_MINUTE: positiveInt(60, 100_000),
  /** Public demo synthesis: requests per IP and per visitor fingerprint within 10 minutes. */
  TTS_DEMO_LIMIT: positiveInt(10, 10_000),
  /** Developer API v1 (`/v1/tts`): how long its signed audio and timeline links stay valid, in seconds. */
  TTS_V1_LINK_TTL_SECONDS: positiveInt(180, 86_400),
  /** `/v1/audio/speech`: OpenAI voice names → Loa voice codes (`alloy=code,echo=code`); others: the default map. */
  OPENAI_VOICE_MAP: csv().refine((pairs) => pairs.every((p) => /^[a-z]+=\S+$/i.test(p)), {
    message: 'OPENAI_VOICE_MAP takes name=voice_code pairs separated by commas',
  }),
  /** Days the audio of a developer API request is kept before the retention sweep deletes it; 0 = kept. */
  API_AUDIO_RETENTION_DAYS: z.coerce.number().int().min(0).max(3_650).default(3),
  /** How often the api runs the retention sweep, in ms; 0 turns it off. */
  API_AUDIO_RETENTION_SWEEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  ...paymentEnvFields,
  ...voiceProvidersEnvFields,
  /** Where the back-office's "install a voice by name" finds `voices.json` (default: the public Piper repository). */
  PIPER_VOICES_URL: httpUrl().optional(),
})

export interface ApiConfig {
  port: number
  host: string
  publicUrl: string
  webUrl: string
  corsOrigins: string[]
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
  rateLimitRedisPrefix: string
  ssoIssuer: string
  ssoJwksUrl: string
  /** Set: access tokens are verified with this realm info's `public_key` (PEM-wrapped), not the JWKS. */
  ssoRealmInfoUrl?: string
  ssoResource: string
  /** Accepted `aud` values of access tokens. */
  ssoAudiences: string[]
  /** The SSO's introspection endpoint consulted for revoked sessions; undefined = not consulted. */
  sessionCheck?: { url: string; cacheMs: number }
  /** The SSO as the API reaches it (SSO_INTERNAL_URL, else SSO_PUBLIC_URL): token refresh and the operator API. */
  ssoInternalUrl: string
  /** Key of the SSO's operator API (back-office lock / unlock); from `$DATA_DIR/secrets.json` when not set (embedded). */
  ssoOperatorKey?: string
  cdnUrl?: string
  fileSigningSecret?: string
  /** S3 object storage (scale mode); local files under $DATA_DIR/files otherwise. */
  s3?: S3Settings
  logLevel: string
  trustProxy: TrustProxy
  bodyLimit: number
  uploadMaxBytes: number
  rateLimits: { publicWrites: number; forms: number }
  tokenClockToleranceSeconds: number
  /** Verified access tokens are reused this long at most (and never past their expiry); 0 = verified every time. */
  tokenCacheMs: number
  /** A GET's profile row and balances are reused this long at most; 0 = read every time. */
  accountCacheMs: number
  catalogueCacheMs: number
  synthesis: {
    callbackAllowHosts: string[]
    appMaxConcurrent: number
    appRequestsPerMinute: number
    demoLimit: number
    v1LinkTtlSeconds: number
    /** OpenAI voice name (lower case) → the Loa voice code it speaks with, over the default map. */
    openAiVoiceMap: Record<string, string>
    /** Days an API request's audio is kept (`retain_until` = creation + this); 0 = kept until deleted. */
    apiAudioRetentionDays: number
    /** Interval of the retention sweep in this process; 0 = off. */
    retentionSweepMs: number
  }
  /** Orders, VNPay, bank transfers, vouchers (apps/api/src/payments). */
  payments: PaymentsConfig
  /** Outside voice providers (`VOICE_PROVIDERS_FILE`); keys are read from their variables when a request is sent. */
  voiceProviders: VoiceProviderSettings[]
  /** Providers added on the /admin Voices screen: how often the table is re-read (ms; 0 = never), keys by name. */
  screenProviders: { refreshMs: number; keyOf: (name: string) => string | undefined }
  /** The Piper voice repository the back-office installs named voices from; undefined = the public one. */
  piperVoicesUrl: string | undefined
}

/** Parses the environment once; fails fast naming every bad variable. */
export const loadApiConfig = (env: Env = process.env): ApiConfig => {
  const c = parseConfig('api', schema, env)
  return {
    port: c.API_PORT,
    host: c.HOST,
    publicUrl: c.API_PUBLIC_URL ?? `http://localhost:${c.API_PORT}`,
    webUrl: c.WEB_PUBLIC_URL,
    corsOrigins: [...new Set([c.WEB_PUBLIC_URL, ...c.CORS_ORIGINS.map((o) => o.replace(/\/+$/, ''))])],
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    rateLimitRedisPrefix: c.RATE_LIMIT_REDIS_PREFIX,
    ssoIssuer: c.SSO_PUBLIC_URL,
    ssoJwksUrl: c.SSO_JWKS_URL ?? `${c.SSO_PUBLIC_URL}/protocol/openid-connect/certs`,
    ssoRealmInfoUrl: c.SSO_REALM_INFO_URL,
    ssoResource: c.API_SSO_RESOURCE,
    ssoAudiences: c.API_SSO_AUDIENCES.length ? c.API_SSO_AUDIENCES : [c.API_SSO_RESOURCE, 'loa-web'],
    sessionCheck: c.API_SESSION_CHECK
      ? {
          url: c.API_SESSION_CHECK_URL ?? `${c.SSO_PUBLIC_URL}/protocol/openid-connect/token/introspect`,
          cacheMs: c.API_SESSION_CACHE_MS,
        }
      : undefined,
    ssoInternalUrl: c.SSO_INTERNAL_URL ?? c.SSO_PUBLIC_URL,
    ssoOperatorKey: c.SSO_OPERATOR_KEY,
    cdnUrl: c.CDN_URL,
    fileSigningSecret: c.FILE_SIGNING_SECRET,
    s3: s3FromEnv(c),
    logLevel: c.LOG_LEVEL,
    trustProxy: c.API_TRUST_PROXY,
    bodyLimit: c.API_BODY_LIMIT,
    uploadMaxBytes: c.API_UPLOAD_MAX_BYTES,
    rateLimits: { publicWrites: c.API_RATE_LIMIT_PUBLIC_WRITES, forms: c.API_RATE_LIMIT_FORMS },
    tokenClockToleranceSeconds: c.API_TOKEN_CLOCK_TOLERANCE,
    tokenCacheMs: c.API_TOKEN_CACHE_MS,
    accountCacheMs: c.API_ACCOUNT_CACHE_MS,
    catalogueCacheMs: c.API_CATALOGUE_CACHE_MS,
    synthesis: {
      callbackAllowHosts: c.CALLBACK_ALLOW_HOSTS.map((h) => h.toLowerCase()),
      appMaxConcurrent: c.TTS_APP_MAX_CONCURRENT,
      appRequestsPerMinute: c.TTS_APP_REQUESTS_PER_MINUTE,
      demoLimit: c.TTS_DEMO_LIMIT,
      v1LinkTtlSeconds: c.TTS_V1_LINK_TTL_SECONDS,
      openAiVoiceMap: Object.fromEntries(
        c.OPENAI_VOICE_MAP.map((p) => [
          p.slice(0, p.indexOf('=')).toLowerCase(),
          p.slice(p.indexOf('=') + 1),
        ]),
      ),
      apiAudioRetentionDays: c.API_AUDIO_RETENTION_DAYS,
      retentionSweepMs: c.API_AUDIO_RETENTION_SWEEP_MS,
    },
    payments: paymentsFromEnv(c, c.API_PUBLIC_URL ?? `http://localhost:${c.API_PORT}`),
    voiceProviders: voiceProvidersFromEnv('api', c.VOICE_PROVIDERS_FILE, env),
    screenProviders: { refreshMs: c.VOICE_PROVIDERS_REFRESH_MS, keyOf: screenProviderKeyReader(env) },
    piperVoicesUrl: c.PIPER_VOICES_URL,
  }
}
