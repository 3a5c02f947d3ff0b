import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TtlCache } from '../lib/ttl-cache.ts'

interface CachedAnswer {
  body: string
  etag: string
  contentType: string
  at: number
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's answer may be stored in the public answer cache. */
    publicCacheKey?: string
  }
}

const MAX_ENTRIES = 200

/**
 * Public catalogue answers (anonymous GETs of `routes`) served from memory: the serialized body with its ETag and
 * `Cache-Control`, answered before validation, the handler and serialization run; `If-None-Match` gets a 304.
 * Entries live as long as the catalogue cache (`API_CATALOGUE_CACHE_MS`) and are dropped with it, so an admin
 * write shows at once on this replica and within that time on the others.
 */
export const cachePublicAnswers = (
  app: FastifyInstance,
  options: {
    routes: string[]
    ttlMs: number
    catalogue: TtlCache
    /** Runs before a stored answer is served: brings the catalogue up to date (clearing it when it changed). */
    freshen?: () => Promise<void>
  },
): void => {
  if (options.ttlMs <= 0) return
  const routes = new Set(options.routes)
  const answers = new Map<string, CachedAnswer>()
  options.catalogue.onClear(() => answers.clear())
  const maxAge = Math.max(1, Math.floor(options.ttlMs / 1000))

  const withHeaders = (reply: FastifyReply, answer: CachedAnswer) =>
    reply.header('etag', answer.etag).header('cache-control', `public, max-age=${maxAge}`)

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.headers.authorization) return
    if (!routes.has(request.routeOptions.url ?? '')) return
    await options.freshen?.()
    const key = `${request.url}\n${request.headers['accept-language'] ?? ''}`
    const answer = answers.get(key)
    if (answer && Date.now() - answer.at < options.ttlMs) {
      withHeaders(reply, answer)
      if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send()
      return reply.type(answer.contentType).send(answer.body)
    }
    if (answer) answers.delete(key)
    request.publicCacheKey = key
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.publicCacheKey
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string') return payload
    const answer: CachedAnswer = {
      body: payload,
      etag: `"${createHash('sha1').update(payload).digest('base64url')}"`,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      at: Date.now(),
    }
    if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!)
    answers.set(key, answer)
    withHeaders(reply, answer)
    return payload
  })
}
