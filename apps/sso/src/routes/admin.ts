import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, CommonErrorCode } from '@loa/contracts'
import { parseStrictBody } from '@loa/service-kit'
import type { SsoContext } from '../context.ts'
import { adminClientBody, adminLockBody, adminRoleBody, emptyBody } from '../http/bodies.ts'
import { constantEquals } from '../lib/crypto.ts'
import { createSsoAdmin } from '../admin/operations.ts'

/**
 * Operator endpoints for the CLI while the embedded server holds the database (PGlite is single-process).
 * Protected by `SSO_OPERATOR_KEY` (`Authorization: Bearer …`); absent key ⇒ the endpoints do not exist.
 */
export const registerAdminRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  const key = ctx.config.operatorKey
  if (!key) return
  const admin = createSsoAdmin(ctx.db, ctx.config.ttl.keyRetention)
  const guard = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice(7) : ''
    if (!given || !constantEquals(given, key))
      throw new AppError(CommonErrorCode.UNAUTHORIZED, 'operator key required', 401)
  }
  const fail = (error: unknown) =>
    new AppError(
      CommonErrorCode.VALIDATION_FAILED,
      error instanceof Error ? error.message : String(error),
      400,
    )

  void app.register(async (scope) => {
    scope.addHook('onRequest', guard)
    scope.get('/admin/v1/clients', async () => ({ status: 1, result: await admin.listClients() }))
    scope.put('/admin/v1/clients/:id', async (request) => {
      const { id } = request.params as { id: string }
      const b = parseStrictBody(adminClientBody, request.body)
      try {
        const client = await admin.saveClient({
          id,
          name: b.name || id,
          redirectUris: b.redirect_uris ?? [],
          postLogoutRedirectUris: b.post_logout_redirect_uris ?? [],
          roles: b.roles ?? [],
        })
        ctx.keys.invalidate()
        return { status: 1, result: client }
      } catch (error) {
        throw fail(error)
      }
    })
    scope.delete('/admin/v1/clients/:id', async (request) => {
      const { id } = request.params as { id: string }
      parseStrictBody(emptyBody, request.body)
      return { status: 1, result: { removed: await admin.removeClient(id) } }
    })
    scope.post('/admin/v1/roles', async (request) => {
      const b = parseStrictBody(adminRoleBody, request.body)
      try {
        return { status: 1, result: await admin.changeRole(b.op ?? 'add', b.email, b.resource, b.role) }
      } catch (error) {
        throw fail(error)
      }
    })
    scope.post('/admin/v1/users/:id/lock', async (request) => {
      const { id } = request.params as { id: string }
      const { locked } = parseStrictBody(adminLockBody, request.body)
      try {
        return { status: 1, result: await admin.setUserLocked(id, locked) }
      } catch (error) {
        throw new AppError(CommonErrorCode.NOT_FOUND, (error as Error).message, 404)
      }
    })
    scope.get('/admin/v1/outbox', async (request) => {
      const limit = Number((request.query as Record<string, unknown>).limit ?? 50)
      return { status: 1, result: await admin.outbox(Number.isFinite(limit) ? limit : 50) }
    })
    scope.post('/admin/v1/tokens/revoke-all', async (request) => {
      parseStrictBody(emptyBody, request.body)
      return { status: 1, result: await admin.revokeAllTokens() }
    })
    scope.post('/admin/v1/keys/rotate', async (request) => {
      parseStrictBody(emptyBody, request.body)
      const result = await ctx.keys.rotate()
      return { status: 1, result: { kid: result } }
    })
  })
}
