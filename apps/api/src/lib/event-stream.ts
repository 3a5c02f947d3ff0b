import type { FastifyInstance, FastifyReply } from 'fastify'

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000

/**
 * Writes server-sent events from `source` (each `{ event, id, data }`, data sent as JSON) until it ends or the
 * client goes away (the signal given to `source` is aborted then).
 */
export const sendEventStream = async (
  reply: FastifyReply,
  source: (signal: AbortSignal) => AsyncIterable<{ event: string; id: string | number; data: unknown }>,
): Promise<void> => {
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  const closed = new AbortController()
  raw.on('close', () => closed.abort())
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS)
  try {
    for await (const { event, id, data } of source(closed.signal))
      raw.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`)
  } finally {
    clearInterval(heartbeat)
    raw.end()
  }
}

/**
 * EventSource cannot send headers: on the event-stream route `route` (matched as a route, never as a substring of
 * the URL), the access token may come as `?access_token=`. Call before `signedIn(app)`.
 */
export const acceptQueryToken = (app: FastifyInstance, route: string): void => {
  app.addHook('onRequest', async (request) => {
    const query = request.query as { access_token?: unknown }
    if (
      !request.headers.authorization &&
      typeof query?.access_token === 'string' &&
      request.routeOptions.url === `${app.prefix}${route}`
    )
      request.headers.authorization = `Bearer ${query.access_token}`
  })
}
