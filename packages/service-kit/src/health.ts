import type { FastifyInstance } from 'fastify'

/** A dependency whose reachability decides readiness (database, queue, storage). */
export interface ReadinessCheck {
  name: string
  check: () => Promise<void>
}

/**
 * `/healthz`: the process is alive. `/readyz`: every dependency answers; 503 with the failing names otherwise.
 * A shutting-down service reports not ready so load balancers stop sending traffic first.
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
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), 2_000)
          return { name, ok: true as const }
        } catch (error) {
          return { name, ok: false as const, error: error instanceof Error ? error.message : String(error) }
        }
      }),
    )
    const failing = results.filter((r) => !r.ok)
    return reply
      .status(failing.length ? 503 : 200)
      .send({ status: failing.length ? 'not_ready' : 'ready', service, checks: results })
  })
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    )
  })
