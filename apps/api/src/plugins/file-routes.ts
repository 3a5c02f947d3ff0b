import type { Readable } from 'node:stream'
import { handleFileRequest, type LocalStorage } from '@loa/storage'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Mounts the signed-file routes of local storage on a Fastify app (the request handling itself is
 * `handleFileRequest` of @loa/storage):
 *
 * ```ts
 * if (isLocalStorage(storage)) await registerFileRoutes(app, { storage })   // GET/HEAD/PUT /api/v1/files/*
 * ```
 *
 * The routes live in their own encapsulated scope with a pass-through body parser, so uploads stream to
 * disk (the app's JSON body limit does not apply; the size signed into the URL does).
 */
export const registerFileRoutes = async (
  app: FastifyInstance,
  options: {
    storage: LocalStorage
    prefix?: string
    /** Asked when a GET finds no file: an error to answer instead of 404 (e.g. 410 for deleted audio). */
    gone?: (key: string) => Promise<Error | undefined>
  },
): Promise<void> => {
  const prefix = (options.prefix ?? '/api/v1/files').replace(/\/+$/, '')
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as Record<string, string | undefined>
      const response = await handleFileRequest(options.storage, {
        // Fastify answers HEAD from the GET route and discards the body itself, keeping content-length.
        method: request.method === 'HEAD' ? 'GET' : request.method,
        key: params['*'] ?? '',
        query: request.query as Record<string, string | undefined>,
        headers: request.headers,
        body: request.method === 'PUT' ? ((request.body as Readable | undefined) ?? request.raw) : undefined,
      })
      if (response.status === 404 && request.method !== 'PUT' && options.gone) {
        const gone = await options.gone(params['*'] ?? '')
        if (gone) throw gone
      }
      if (response.status >= 400 && request.method === 'PUT') void reply.header('connection', 'close')
      return reply.status(response.status).headers(response.headers).send(response.body)
    }
    scope.get(`${prefix}/*`, handle)
    scope.put(`${prefix}/*`, handle)
  })
}
