import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TtlCache } from '../lib/ttl-cache.ts'
import { acceptsGzip, identityTags, storeAnswer, type StoredAnswer } from './stored-answer.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's answer may be stored in the public answer cache. */
    publicCacheKey?: string
  }
}

const MAX_ENTRIES = 200

export interface PublicAnswerCache {
  /** Connects the catalogue whose clearing drops the answers, and what brings it up to date. */
  attach(options: {
    catalogue: TtlCache
    /**
     * Runs before a stored answer is served: brings the catalogue up to date (clearing it when it changed); a
     * promise only when there is work to wait for.
     */
    freshen?: () => Promise<unknown> | undefined
  }): void
}

/**
 * Public catalogue answers (anonymous GETs of `routes`) served from memory with their ETag and `Cache-Control`;
 * `If-None-Match` gets a 304, and a client that accepts gzip gets the answer compressed once. Registered before the security and CORS plugins: a stored answer is written straight
 * to the socket with the headers its first, full answer carried for the same URL, language and Origin (issue 13:
 * those plugins' hooks were a third of the cost of a cached answer). Entries live as long as the catalogue cache
 * (`API_CATALOGUE_CACHE_MS`) and are dropped with it, so an admin write shows at once on this replica and within
 * that time on the others.
 */
export const cachePublicAnswers = (
  app: FastifyInstance,
  options: { routes: string[]; ttlMs: number },
): PublicAnswerCache => {
  const answers = new Map<string, StoredAnswer>()
  let freshen: (() => Promise<unknown> | undefined) | undefined
  const cache: PublicAnswerCache = {
    attach: (attached) => {
      attached.catalogue.onClear(() => answers.clear())
      freshen = attached.freshen
    },
  }
  if (options.ttlMs <= 0) return cache
  const routes = new Set(options.routes)
  const maxAge = `public, max-age=${Math.max(1, Math.floor(options.ttlMs / 1000))}`

  const keyOf = (request: FastifyRequest): string | undefined => {
    if (request.method !== 'GET' || request.headers.authorization) return undefined
    if (!routes.has(request.routeOptions.url ?? '')) return undefined
    const h = request.headers
    return `${request.url}\n${h['accept-language'] ?? ''}\n${h.origin ?? ''}`
  }

  const serve = (request: FastifyRequest, reply: FastifyReply, key: string): void => {
    const answer = answers.get(key)
    if (!answer || Date.now() - answer.at >= options.ttlMs) {
      if (answer) answers.delete(key)
      request.publicCacheKey = key
      return
    }
    reply.hijack()
    // A raw header list to writeHead skips setHeader's per-header checks; only the request id is per answer.
    const variant = (acceptsGzip(request.headers['accept-encoding']) && answer.gzip) || answer.identity
    const notModified = request.headers['if-none-match'] === variant.etag
    const head = notModified ? variant.head304 : variant.head200
    reply.raw.writeHead(notModified ? 304 : 200, [...head, 'x-request-id', request.id])
    reply.raw.end(notModified ? undefined : variant.body)
  }

  // A callback hook, not an async one: the stored answer is written without a promise when nothing is pending.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const key = keyOf(request)
    if (!key) return done()
    const pending = freshen?.()
    const next = () => {
      serve(request, reply, key)
      if (!reply.sent) done()
    }
    if (!pending) return next()
    pending.then(next, done)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.publicCacheKey
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string') return payload
    if (reply.hasHeader('set-cookie')) return payload
    const tags = { ...identityTags(payload, reply.getHeader('vary')), cacheControl: maxAge }
    void reply.header('etag', tags.etag).header('cache-control', maxAge).header('vary', tags.vary)
    // The other onSend hooks have run by now only if registered earlier: take the headers at the socket instead.
    reply.raw.once('finish', () => {
      if (reply.statusCode !== 200) return
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!)
      answers.set(key, storeAnswer(reply.getHeaders(), payload, tags))
    })
    return payload
  })
  return cache
}

/** `run` at most once per `ms`; in between, nothing to wait for. */
export const atMostEvery = <T>(ms: number, run: () => T | undefined): (() => T | undefined) => {
  let ranAt = -Infinity
  return () => {
    const now = Date.now()
    if (now - ranAt < ms) return undefined
    ranAt = now
    return run()
  }
}
