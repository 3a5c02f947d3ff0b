import { z } from 'zod'
import {
  csv,
  httpUrl,
  logLevel,
  parseConfig,
  port,
  s3EnvFields,
  s3FromEnv,
  screenProviderKeyReader,
  voiceProvidersEnvFields,
  voiceProvidersFromEnv,
  type Env,
  type S3Settings,
  type VoiceProviderSettings,
} from '@loa/service-kit'

const positiveInt = (fallback: number, max = 86_400_000) =>
  z.coerce.number().int().min(1).max(max).default(fallback)

const schema = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Redis key prefix of the BullMQ queue (several installations may share one Redis). */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
    .default('loa'),
  ...s3EnvFields,
  ...voiceProvidersEnvFields,
  FILE_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  API_PORT: port(4000),
  API_PUBLIC_URL: httpUrl().optional(),
  /** Largest stored object, in bytes. */
  STORAGE_MAX_OBJECT_BYTES: positiveInt(209_715_200, 10_737_418_240),
  /** Jobs one worker process runs at once. */
  WORKER_CONCURRENCY: positiveInt(2, 64),
  /** Health port of a standalone `loa worker` (/healthz, /readyz); 0 picks a free port. */
  WORKER_PORT: port(4300),
  HOST: z.string().default('127.0.0.1'),
  /** Lease of an active job: a worker that dies loses its jobs to others after about this long. */
  JOB_LEASE_MS: positiveInt(30_000, 3_600_000),
  /** On shutdown, wait this long for running jobs before interrupting them (they are resumed later). */
  JOB_DRAIN_TIMEOUT_MS: positiveInt(30_000, 3_600_000),
  /** Callback hosts allowed even when they resolve to private/loopback addresses (development only). */
  CALLBACK_ALLOW_HOSTS: csv(),
  /** Time limit of one callback delivery, in ms. */
  CALLBACK_TIMEOUT_MS: positiveInt(10_000, 60_000),
  LOG_LEVEL: logLevel(),
})

export interface WorkerConfig {
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
  queuePrefix: string
  s3?: S3Settings
  /** undefined: generated once into `$DATA_DIR/secrets.json` (see `resolveFileSigningSecret`). */
  fileSigningSecret?: string
  apiPublicUrl: string
  maxObjectBytes: number
  concurrency: number
  port: number
  host: string
  leaseMs: number
  drainTimeoutMs: number
  callbackAllowHosts: string[]
  callbackTimeoutMs: number
  logLevel: string
  /** Outside voice providers (`VOICE_PROVIDERS_FILE`): the render jobs speak their voices. */
  voiceProviders: VoiceProviderSettings[]
  /** Providers added on the /admin Voices screen: how often the table is re-read (ms; 0 = never), keys by name. */
  screenProviders: { refreshMs: number; keyOf: (name: string) => string | undefined }
}

/** Parses the environment once; a missing or malformed variable stops start-up naming it. */
export const loadWorkerConfig = (env: Env = process.env): WorkerConfig => {
  const c = parseConfig('worker', schema, env)
  return {
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    queuePrefix: c.QUEUE_PREFIX,
    s3: s3FromEnv(c),
    fileSigningSecret: c.FILE_SIGNING_SECRET,
    apiPublicUrl: c.API_PUBLIC_URL ?? `http://localhost:${c.API_PORT}`,
    maxObjectBytes: c.STORAGE_MAX_OBJECT_BYTES,
    concurrency: c.WORKER_CONCURRENCY,
    port: c.WORKER_PORT,
    host: c.HOST,
    leaseMs: c.JOB_LEASE_MS,
    drainTimeoutMs: c.JOB_DRAIN_TIMEOUT_MS,
    callbackAllowHosts: c.CALLBACK_ALLOW_HOSTS.map((h) => h.toLowerCase()),
    callbackTimeoutMs: c.CALLBACK_TIMEOUT_MS,
    logLevel: c.LOG_LEVEL,
    voiceProviders: voiceProvidersFromEnv('worker', c.VOICE_PROVIDERS_FILE, env),
    screenProviders: { refreshMs: c.VOICE_PROVIDERS_REFRESH_MS, keyOf: screenProviderKeyReader(env) },
  }
}
