import type { FastifyInstance } from 'fastify'

export interface ListenOptions {
  port: number
  host: string
}

/** Listens and returns the address actually bound (port 0 picks a free port, for tests). */
export const listen = async (app: FastifyInstance, { port, host }: ListenOptions): Promise<string> => {
  await app.listen({ port, host })
  const address = app.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  return `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${bound}`
}

/**
 * Runs `close` once on SIGINT/SIGTERM. Fastify's close drains in-flight requests; callers add their own
 * draining (job runners, database) inside `close`. A second signal exits at once.
 */
export const onShutdownSignal = (
  close: (signal: string) => Promise<void>,
  log: (msg: string) => void,
): void => {
  let closing = false
  const handler = (signal: NodeJS.Signals) => {
    if (closing) {
      log(`${signal} again: exiting now`)
      process.exit(1)
    }
    closing = true
    log(`${signal} received: shutting down gracefully`)
    close(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
}
