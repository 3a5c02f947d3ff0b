import { z } from 'zod'
import {
  bool,
  csv,
  httpUrl,
  logLevel,
  parseConfig,
  port,
  trustProxySetting,
  type Env,
  type TrustProxy,
} from '@loa/service-kit'

const schema = z.object({
  FLAGS_PORT: port(4200),
  HOST: z.string().default('127.0.0.1'),
  FLAGS_PUBLIC_URL: httpUrl().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Operator key for the admin API. Embedded mode generates one into $DATA_DIR/secrets.json. */
  FLAGS_ADMIN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  SSO_PUBLIC_URL: httpUrl().default('http://localhost:4100'),
  SSO_JWKS_URL: httpUrl().optional(),
  /** Origins allowed to call the admin API from a browser (the public SDK endpoints allow `*`). */
  FLAGS_ADMIN_CORS_ORIGINS: csv(),
  WEB_PUBLIC_URL: httpUrl().default('http://localhost:3000'),
  /** How often every replica checks the database for changed payloads (SSE fan-out across processes). */
  FLAGS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** Keep-alive comment interval on idle SSE streams. */
  FLAGS_SSE_PING_MS: z.coerce.number().int().min(100).max(300_000).default(25_000),
  /** Client reconnect delay announced at the start of each stream (`retry:`). */
  FLAGS_SSE_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  FLAGS_GENERATE_ADMIN_KEY: bool(true),
  LOG_LEVEL: logLevel(),
  /** Which proxies' X-Forwarded-For gives the client IP: none by default; hops or CIDRs behind yours. */
  FLAGS_TRUST_PROXY: trustProxySetting(),
})

export interface FlagsConfig {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl?: string
  /** undefined = operator-key auth disabled (SSO admins only). */
  adminKey?: string
  /** Where the operator key is persisted when it was generated (embedded mode). */
  secretsFile?: string
  generateAdminKey: boolean
  ssoIssuer: string
  ssoJwksUrl: string
  adminCorsOrigins: string[]
  pollMs: number
  ssePingMs: number
  sseRetryMs: number
  logLevel: string
  trustProxy: TrustProxy
}

/** Parses the environment; pure (generating a missing operator key happens in `resolveAdminKey`). */
export const loadFlagsConfig = (env: Env = process.env): FlagsConfig => {
  const c = parseConfig('flags', schema, env)
  return {
    port: c.FLAGS_PORT,
    host: c.HOST,
    publicUrl: c.FLAGS_PUBLIC_URL ?? `http://localhost:${c.FLAGS_PORT}`,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    adminKey: c.FLAGS_ADMIN_KEY,
    generateAdminKey: c.FLAGS_GENERATE_ADMIN_KEY,
    ssoIssuer: c.SSO_PUBLIC_URL,
    ssoJwksUrl: c.SSO_JWKS_URL ?? `${c.SSO_PUBLIC_URL}/protocol/openid-connect/certs`,
    adminCorsOrigins: c.FLAGS_ADMIN_CORS_ORIGINS.length ? c.FLAGS_ADMIN_CORS_ORIGINS : [c.WEB_PUBLIC_URL],
    pollMs: c.FLAGS_POLL_MS,
    ssePingMs: c.FLAGS_SSE_PING_MS,
    sseRetryMs: c.FLAGS_SSE_RETRY_MS,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.FLAGS_TRUST_PROXY,
  }
}
