import { AppError, CommonErrorCode } from '@loa/contracts'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import type { JWTPayload } from 'jose'

export interface SessionCheckOptions {
  /** The SSO's RFC 7662 introspection endpoint (answers `active: false` once the session or grant is revoked). */
  url: string
  /** How long an "active" answer is reused; a revoked one is kept until the token expires. */
  cacheMs: number
  /** Scale mode: answers shared by every replica. */
  redis?: Redis
  redisPrefix: string
  log?: FastifyBaseLogger
  fetchImpl?: typeof fetch
  now?: () => number
}

const MAX_LOCAL_ENTRIES = 10_000
const TIMEOUT_MS = 3_000
/** After the SSO could not be asked, ask again at most this often for that session. */
const RETRY_MS = 1_000

type Status = 'active' | 'revoked' | 'unknown'

/**
 * Whether an access token's session (refresh-token family) is still alive at the SSO: signing out everywhere,
 * an operator lock or a reused refresh token revokes it, and the API refuses the token within `cacheMs` instead
 * of at its expiry. One introspection per session per `cacheMs` (in process, or in Redis across replicas).
 * When the SSO cannot be asked the token's signature and expiry stand alone (fail open, logged): the API stays
 * up while the SSO restarts, and an access token lives at most five minutes.
 */
export const createSessionCheck = (options: SessionCheckOptions) => {
  const fetchImpl = options.fetchImpl ?? fetch
  const now = options.now ?? Date.now
  const local = new Map<string, { status: Status; until: number }>()
  const inFlight = new Map<string, Promise<Status>>()

  const remember = async (key: string, status: Status, ttlMs: number) => {
    if (ttlMs <= 0) return
    if (local.size >= MAX_LOCAL_ENTRIES) local.delete(local.keys().next().value!)
    local.set(key, { status, until: now() + ttlMs })
    if (options.redis && status !== 'unknown')
      await options.redis
        .set(`${options.redisPrefix}${key}`, status, 'PX', Math.ceil(ttlMs))
        .catch((err: unknown) => options.log?.warn({ err }, 'session status not shared (redis)'))
  }

  const recalled = async (key: string): Promise<Status | undefined> => {
    let hit = local.get(key)
    if (hit && hit.until <= now()) {
      local.delete(key)
      hit = undefined
    }
    if (hit && hit.status !== 'unknown') return hit.status
    // Another replica may know what this one could not learn (or has not asked yet).
    if (options.redis) {
      const shared = await options.redis.get(`${options.redisPrefix}${key}`).catch(() => null)
      if (shared === 'active' || shared === 'revoked') return shared
    }
    return hit?.status
  }

  const ask = async (token: string): Promise<Status> => {
    try {
      const response = await fetchImpl(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`introspection answered HTTP ${response.status}`)
      const body = (await response.json()) as { active?: unknown }
      return body.active === true ? 'active' : 'revoked'
    } catch (err) {
      options.log?.warn({ err }, 'session status unknown: the SSO could not be asked')
      return 'unknown'
    }
  }

  return async (token: string, claims: JWTPayload): Promise<void> => {
    const family = claims.gid ?? claims.sid ?? claims.session_state ?? claims.jti
    if (typeof family !== 'string' || !family) return
    const key = `session:${family}`
    let status = await recalled(key)
    if (!status) {
      let pending = inFlight.get(key)
      if (!pending) {
        pending = ask(token).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
        const expiresInMs = typeof claims.exp === 'number' ? claims.exp * 1000 - now() : options.cacheMs
        void pending.then((s) =>
          remember(key, s, s === 'active' ? options.cacheMs : s === 'revoked' ? expiresInMs : RETRY_MS),
        )
      }
      status = await pending
    }
    if (status === 'revoked')
      throw new AppError(CommonErrorCode.TOKEN_INVALID, 'The session of this access token has ended', 401)
  }
}

export type SessionCheck = ReturnType<typeof createSessionCheck>
