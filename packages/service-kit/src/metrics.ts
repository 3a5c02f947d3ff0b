import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Histogram, register } from 'prom-client'

/**
 * Prometheus metrics (prom-client's process registry): every service and the worker expose `GET /metrics` in the
 * text format. Packages add their own counters to the same registry (jobs, ledger, synthesis), so one scrape of a
 * process shows everything it did. Embedded mode runs every service in one process: each `/metrics` then shows the
 * whole process, and the `service` label tells the HTTP series apart.
 */
export const metricsRegistry = register

let defaultsCollected = false

const httpDuration = new Histogram({
  name: 'loa_http_request_duration_seconds',
  help: 'HTTP answers by service, method, route pattern and status code (latency in seconds)',
  labelNames: ['service', 'method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
})

/**
 * Records every answer's latency and status by route pattern (`/api/v1/synthesis/:id`, never the raw URL, so ids do
 * not explode the series) and serves `GET /metrics`. `collect` runs before each scrape (gauges read at scrape time,
 * such as the queue's depth).
 */
export const registerMetrics = (
  app: FastifyInstance,
  service: string,
  collect?: () => Promise<void>,
): void => {
  if (!defaultsCollected) {
    defaultsCollected = true
    collectDefaultMetrics({ register, prefix: 'loa_process_' })
  }
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    httpDuration.observe(
      { service, method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })
  app.get('/metrics', { logLevel: 'silent' }, async (_request, reply) => {
    await collect?.().catch((error: unknown) => app.log.warn({ err: error }, 'metrics collection failed'))
    return reply.header('content-type', register.contentType).send(await register.metrics())
  })
}
