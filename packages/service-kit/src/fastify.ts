import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Logger } from 'pino'
import { installErrorHandling } from './errors.ts'

export interface BaseAppOptions {
  /** Service name used in logs and health answers. */
  service: string
  /** A pino logger; tests pass `false` (silent) through `logger`. */
  logger?: Logger | false
  bodyLimit?: number
  trustProxy?: boolean
  fastify?: Omit<FastifyServerOptions, 'logger' | 'loggerInstance'>
}

/**
 * A Fastify instance with the conventions every Loa service shares: request ids (honouring an
 * incoming `x-request-id`), the one JSON error shape, and sane limits. It does not listen.
 */
export const createBaseApp = (options: BaseAppOptions): FastifyInstance => {
  const logging: FastifyServerOptions = options.logger
    ? { loggerInstance: options.logger.child({ service: options.service }) as FastifyBaseLogger }
    : { logger: false }
  const app = Fastify({
    ...logging,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy ?? true,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    ...options.fastify,
  }) as unknown as FastifyInstance
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id)
  })
  installErrorHandling(app)
  return app
}
