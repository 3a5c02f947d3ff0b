import type { FastifyInstance } from 'fastify'
import type { ApiConfig } from '../config.ts'
import { OPERATOR_OPENAPI_PATH, operatorDocument, PUBLIC_OPENAPI_PATH, publicDocument } from './documents.ts'
import type { OpenApiDocument } from './walk.ts'

/**
 * The documents' routes: the developer document for anyone, the operator document for the admin role only; the
 * old Swagger UI address sends people to the site's reference (`/docs`). Each document is cut once, on first read.
 */
export const registerOpenApiRoutes = (app: FastifyInstance, config: ApiConfig): void => {
  let cut: { public: OpenApiDocument; operator: OpenApiDocument } | undefined
  const documents = () => {
    const full = app.swagger() as unknown as OpenApiDocument
    cut ??= { public: publicDocument(full), operator: operatorDocument(full) }
    return cut
  }
  app.get(PUBLIC_OPENAPI_PATH, { schema: { hide: true } }, async () => documents().public)
  app.get(OPERATOR_OPENAPI_PATH, { schema: { hide: true } }, async (request) => {
    await app.requireAdmin(request)
    return documents().operator
  })
  for (const url of ['/api/v1/docs', '/api/v1/docs/'])
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(`${config.webUrl.replace(/\/+$/, '')}/docs`, 302),
    )
}
