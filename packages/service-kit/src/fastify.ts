import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Logger } from 'pino'
import { installErrorHandling } from './errors.ts'
import { installInputBoundary } from './input-boundary.ts'
import type { TrustProxy } from './trust-proxy.ts'

export interface BaseAppOptions {
  /** Service name used in logs and health answers. */
  service: string
  /** A pino logger; tests pass `false` (silent) through `logger`. */
  logger?: Logger | false
  bodyLimit?: number
  /**
   * Which proxies' `X-Forwarded-For` to believe (request.ip, per-IP limits): none by default, so a client
   * cannot pick its own address. Set from the service's `TRUST_PROXY` (hops or addresses/CIDRs).
   */
  trustProxy?: TrustProxy
  fastify?: Omit<FastifyServerOptions, 'logger' | 'loggerInstance'>
}

/**
 * A Fastify instance with the conventions every Loa service shares: request ids (honouring an
 * incoming `x-request-id`), the one JSON error shape, the input boundary (strict JSON, well-formed text),
 * `nosniff` on every answer, and sane limits. It does not listen.
 */
export const createBaseApp = (options: BaseAppOptions): FastifyInstance => {
  const logging: FastifyServerOptions = options.logger
    ? { loggerInstance: options.logger.child({ service: options.service }) as FastifyBaseLogger }
    : { logger: false }
  const app = Fastify({
    ...logging,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    ...options.fastify,
  }) as unknown as FastifyInstance
  app.addHook('onSend', async (request, reply) => {
    // A route may name its own record instead (e.g. the synthesis request a speech call made, as the console lists it).
    if (!reply.hasHeader('x-request-id')) void reply.header('x-request-id', request.id)
    // JSON answers must never be sniffed into HTML or script by a browser.
    void reply.header('x-content-type-options', 'nosniff')
  })
  installErrorHandling(app)
  installInputBoundary(app)
  return app
}
