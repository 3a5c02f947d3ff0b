import type { Redis } from 'ioredis'

/**
 * Fixed-window request counters shared by every key of one request (e.g. the IP and the visitor fingerprint):
 * a request counts against all its keys, and is refused when any of them is full.
 */
export interface WindowCounter {
  /** Counts one request against `keys`; returns the seconds until retry when a key is full (nothing counted). */
  hit: (keys: string[]) => Promise<number | undefined>
}

export interface WindowLimits {
  limit: number
  windowMs: number
}

/** In this process only (embedded mode, one API process). */
export const createMemoryWindowCounter = ({ limit, windowMs }: WindowLimits): WindowCounter => {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    hit: async (keys) => {
      const now = Date.now()
      if (windows.size > 50_000)
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k)
      const current = keys.map((k) => {
        let w = windows.get(k)
        if (!w || now - w.start >= windowMs) {
          w = { start: now, count: 0 }
          windows.set(k, w)
        }
        return w
      })
      const full = current.find((w) => w.count >= limit)
      if (full) return Math.ceil((full.start + windowMs - now) / 1000)
      for (const w of current) w.count++
      return undefined
    },
  }
}

/**
 * Checks every key and, only when none is full, increments them all — atomically, so replicas behind a load
 * balancer share one budget. Returns 0 when counted, else the milliseconds left in the full key's window.
 */
const HIT_SCRIPT = `
for i, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n >= tonumber(ARGV[1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 1 then ttl = 1 end
    return ttl
  end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return 0
`

/**
 * Shared by every API replica through Redis (scale mode). When Redis does not answer, the request is counted
 * in this process instead (`fallback`), so an outage neither blocks the public demo nor lifts its limit.
 */
export const createRedisWindowCounter = (
  redis: Redis,
  limits: WindowLimits & { prefix: string; onError?: (error: unknown) => void },
): WindowCounter => {
  const fallback = createMemoryWindowCounter(limits)
  return {
    hit: async (keys) => {
      try {
        const left = Number(
          await redis.eval(
            HIT_SCRIPT,
            keys.length,
            ...keys.map((k) => `${limits.prefix}${k}`),
            limits.limit,
            limits.windowMs,
          ),
        )
        return left > 0 ? Math.ceil(left / 1000) : undefined
      } catch (error) {
        limits.onError?.(error)
        return fallback.hit(keys)
      }
    },
  }
}
