import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '@loa/db'
import { evalRequestSchema, evaluatePayload } from '../evaluate.ts'
import { findClientKey, type ClientKeyRow, type PayloadCache } from '../payload.ts'
import { formatEvent, type SseHub } from '../sse.ts'

/**
 * The GrowthBook SDK endpoints: `GET /api/features/{clientKey}`, `POST /api/eval/{clientKey}`,
 * `GET /sub/{clientKey}` (SSE). The key may also come in `X-GrowthBook-Api-Key` (as GrowthBook's proxy).
 * Errors use GrowthBook's shape `{status, error}` (the SDK only looks at the HTTP status).
 */
export interface PublicRouteDeps {
  db: Db
  payloads: PayloadCache
  hub: SseHub
  sseRetryMs: number
}

const API_KEY_HEADER = 'x-growthbook-api-key'

const sdkError = (reply: FastifyReply, status: number, error: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ status, error })

export const eventId = (version: string): string => String(Date.parse(version))

export const registerPublicRoutes = (app: FastifyInstance, deps: PublicRouteDeps): void => {
  const resolveKey = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<ClientKeyRow | undefined> => {
    const fromPath = (request.params as { clientKey?: string }).clientKey
    const fromHeader = request.headers[API_KEY_HEADER]
    const key = fromPath || (typeof fromHeader === 'string' ? fromHeader : '')
    if (!key) {
      await reply.status(401).header('cache-control', 'no-store').send({ message: 'API key required' })
      return undefined
    }
    const row = key.length <= 200 ? await findClientKey(deps.db, key) : undefined
    if (!row) {
      await sdkError(reply, 404, 'Unknown client key')
      return undefined
    }
    return row
  }

  const features = async (request: FastifyRequest, reply: FastifyReply) => {
    const row = await resolveKey(request, reply)
    if (!row) return reply
    if (row.remoteEvalOnly) return sdkError(reply, 400, 'Failed to get features')
    const built = await deps.payloads.get(row)
    const etag = `"${eventId(built.version)}"`
    void reply
      .header('x-sse-support', 'enabled')
      .header('access-control-expose-headers', 'x-sse-support')
      .header('cache-control', 'no-cache')
      .header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.send(built.wire)
  }
  app.get('/api/features/:clientKey', features)
  app.get('/api/features', features)
  app.get('/api/features/', features)

  const evaluate = async (request: FastifyRequest, reply: FastifyReply) => {
    const row = await resolveKey(request, reply)
    if (!row) return reply
    const parsed = evalRequestSchema.safeParse(request.body ?? {})
    if (!parsed.success) return sdkError(reply, 400, 'Invalid input')
    const built = await deps.payloads.get(row)
    const { status: _s, encryptedFeatures: _f, encryptedSavedGroups: _g, ...plain } = built.plain
    const result = evaluatePayload({ status: 200, ...plain }, parsed.data)
    return reply
      .header('x-sse-support', 'enabled')
      .header('access-control-expose-headers', 'x-sse-support')
      .header('cache-control', 'no-store')
      .send(result)
  }
  app.post('/api/eval/:clientKey', evaluate)
  app.post('/api/eval', evaluate)

  const subscribe = async (request: FastifyRequest, reply: FastifyReply) => {
    if (deps.hub.isClosed) return sdkError(reply, 503, 'Shutting down')
    const row = await resolveKey(request, reply)
    if (!row) return reply
    const built = row.remoteEvalOnly ? undefined : await deps.payloads.get(row)
    reply.hijack()
    const res = reply.raw
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    res.write(`retry: ${deps.sseRetryMs}\n\n`)
    // Catch up a (re)connecting client: the SDK ignores a payload whose dateUpdated it already has.
    const current = eventId(row.dateUpdated.toISOString())
    if (request.headers['last-event-id'] !== current) {
      if (built) res.write(formatEvent('features', JSON.stringify(built.wire), current))
      else if (request.headers['last-event-id']) res.write(formatEvent('features-updated', '', current))
    }
    deps.hub.add({ key: row.key, res })
  }
  app.get('/sub/:clientKey', subscribe)
}
