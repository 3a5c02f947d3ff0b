import { AppError, ok } from '@loa/contracts'
import { CallbackTargetError, vetCallbackUrl } from '@loa/synthesis'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, iso, line } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import type { ApiAppRow } from '../../services/api-apps.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'

export const apiAppWire = z.object({
  app_id: z.string(),
  name: z.string(),
  token_prefix: z.string(),
  callback_url: z.string().nullable(),
  callback_secret: z.string(),
  max_concurrent: z.number(),
  requests_per_minute: z.number(),
  requests_count: z.number(),
  characters_count: z.number(),
  last_used_at: z.string().nullable(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
})

export const toApiAppWire = (a: ApiAppRow) => ({
  app_id: a.id,
  name: a.name,
  token_prefix: a.tokenPrefix,
  callback_url: a.callbackUrl,
  callback_secret: a.callbackSecret,
  max_concurrent: a.maxConcurrent,
  requests_per_minute: a.requestsPerMinute,
  requests_count: a.requestsCount,
  characters_count: a.charactersCount,
  last_used_at: iso(a.lastUsedAt),
  revoked: a.revokedAt !== null,
  revoked_at: iso(a.revokedAt),
  created_at: a.createdAt.toISOString(),
})

/**
 * A callback URL must be http(s) and must not resolve to a loopback, private, link-local or metadata address
 * (unless its host is allow-listed by the operator with CALLBACK_ALLOW_HOSTS). Checked again at delivery.
 */
export const checkCallbackUrl = async (url: string, allowHosts: readonly string[]): Promise<string> => {
  try {
    await vetCallbackUrl(url, { allowHosts })
    return url
  } catch (error) {
    if (error instanceof CallbackTargetError)
      throw new AppError(
        error.code === 'CALLBACK_URL_FORBIDDEN'
          ? ApiErrorCode.CALLBACK_URL_FORBIDDEN
          : error.code === 'CALLBACK_URL_UNRESOLVABLE'
            ? ApiErrorCode.CALLBACK_URL_UNRESOLVABLE
            : ApiErrorCode.CALLBACK_URL_INVALID,
        error.message,
        400,
      )
    throw error
  }
}

const idParams = z.object({ id: z.string().max(100) })
const callbackField = z.string().max(2_000).nullable().optional()

/** The console's API apps (signed in): create (token shown once), list, read, rename, revoke. */
export const apiAppsRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const { apiApps } = synthesisContext(app)
  const allowHosts = app.ctx.config.synthesis.callbackAllowHosts
  const callback = async (url: string | null | undefined) =>
    url === undefined || url === null || url === ''
      ? url === undefined
        ? undefined
        : null
      : checkCallbackUrl(url, allowHosts)

  app.post(
    '/api-apps',
    {
      schema: {
        tags: ['api-apps'],
        summary: 'Create an API app; the token is in this answer only',
        security: [{ bearer: [] }],
        body: z.object({ name: line(100), callback_url: callbackField }),
        response: { 200: envelope(z.object({ app: apiAppWire, token: z.string() })) },
      },
    },
    async (request) => {
      const created = await apiApps.create(request.profile!.id, {
        name: request.body.name,
        callbackUrl: (await callback(request.body.callback_url)) ?? null,
      })
      return ok({ app: toApiAppWire(created.app), token: created.token })
    },
  )

  app.get(
    '/api-apps',
    {
      schema: {
        tags: ['api-apps'],
        summary: 'My API apps with usage counters',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.object({ apps: z.array(apiAppWire) })) },
      },
    },
    async (request) => ok({ apps: (await apiApps.list(request.profile!.id)).map(toApiAppWire) }),
  )

  app.get(
    '/api-apps/:id',
    {
      schema: {
        tags: ['api-apps'],
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelope(apiAppWire) },
      },
    },
    async (request) => ok(toApiAppWire(await apiApps.find(request.profile!.id, request.params.id))),
  )

  app.patch(
    '/api-apps/:id',
    {
      schema: {
        tags: ['api-apps'],
        summary: 'Rename an app or change its default callback URL (null clears it)',
        security: [{ bearer: [] }],
        params: idParams,
        body: z.object({ name: line(100).optional(), callback_url: callbackField }),
        response: { 200: envelope(apiAppWire) },
      },
    },
    async (request) =>
      ok(
        toApiAppWire(
          await apiApps.update(request.profile!.id, request.params.id, {
            name: request.body.name,
            callbackUrl: await callback(request.body.callback_url),
          }),
        ),
      ),
  )

  app.delete(
    '/api-apps/:id',
    {
      schema: {
        tags: ['api-apps'],
        summary: 'Revoke an app (its token stops working at once)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelope(apiAppWire) },
      },
    },
    async (request) => ok(toApiAppWire(await apiApps.revoke(request.profile!.id, request.params.id))),
  )
}
