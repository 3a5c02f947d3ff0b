import type { FastifyInstance } from 'fastify'

/** A dependency whose reachability decides readiness (database, queue, storage, Redis). */
export interface ReadinessCheck {
  name: string
  check: () => Promise<void>
}

/** How long `/readyz` waits for one dependency: a load balancer's probe must get an answer well before its own timeout. */
export const READINESS_TIMEOUT_MS = 1_000

/** What `registerHealthRoutes` answers; `checkReadiness` is also what a request that needs a dependency asks. */
export interface ReadinessResult {
  name: string
  ok: boolean
  error?: string
}

/** Runs every check at once, each bounded by `timeoutMs`. */
export const checkReadiness = (checks: readonly ReadinessCheck[], timeoutMs = READINESS_TIMEOUT_MS) =>
  Promise.all(
    checks.map(async ({ name, check }): Promise<ReadinessResult> => {
      try {
        await withTimeout(check(), timeoutMs)
        return { name, ok: true }
      } catch (error) {
        return { name, ok: false, error: error instanceof Error ? error.message : String(error) }
      }
    }),
  )

/**
 * `/healthz`: the process is alive (never looks at a dependency, so a load balancer does not restart a healthy
 * process because Redis is down). `/readyz`: every dependency answers within `READINESS_TIMEOUT_MS`; 503 with the
 * failing names otherwise. A shutting-down service reports not ready so load balancers stop sending traffic first.
 */
export const registerHealthRoutes = (
  app: FastifyInstance,
  service: string,
  checks: ReadinessCheck[],
  isShuttingDown: () => boolean = () => false,
): void => {
  app.get('/healthz', { logLevel: 'silent' }, async () => ({ status: 'ok', service }))
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    if (isShuttingDown()) return reply.status(503).send({ status: 'shutting_down', service })
    const results = await checkReadiness(checks)
    const failing = results.filter((r) => !r.ok)
    return reply
      .status(failing.length ? 503 : 200)
      .send({ status: failing.length ? 'not_ready' : 'ready', service, checks: results })
  })
}

/** Rejects when `promise` has not settled within `ms` (the promise itself is left to settle on its own). */
export const withTimeout = <T>(promise: Promise<T>, ms: number, what = 'timed out'): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} after ${ms} ms`)), ms)
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    )
  })
