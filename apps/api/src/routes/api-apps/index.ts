import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { CallbackTargetError, vetCallbackUrl } from '@loa/synthesis'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, iso, line, pagination } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import {
  ROTATION_GRACE_HOURS,
  TOKEN_LIFETIMES_DAYS,
  type ApiAppRow,
  type TokenLifetimeDays,
} from '../../services/api-apps.ts'
import { appUsage, MAX_USAGE_DAYS, USAGE_TIME_ZONE, usageRange } from '../../services/app-usage.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { requestPage, STATUSES, synthesisWire } from '../synthesis/wire.ts'
import { callbackLogWire, readCallbackLog } from '../tts/callback-log.ts'

export const apiAppWire = z.object({
  app_id: z.string(),
  name: z.string(),
  token_prefix: z.string(),
  /** When the token stops working; null = never. */
  token_expires_at: z.string().nullable(),
  /** Until when the token replaced by the last rotation still works (null = none). */
  previous_token_expires_at: z.string().nullable(),
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
  token_expires_at: iso(a.tokenExpiresAt),
  previous_token_expires_at:
    a.previousTokenExpiresAt && a.previousTokenExpiresAt > new Date() ? iso(a.previousTokenExpiresAt) : null,
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
const requestParams = idParams.extend({ request_id: z.string().max(100) })
const callbackField = z.string().max(2_000).nullable().optional()
/** A token lifetime in days (7, 30, 60 or 90); null or absent = never expires. */
const lifetimeField = z.literal(TOKEN_LIFETIMES_DAYS).nullable().optional()

const usageCounts = { requests: z.number(), characters: z.number(), charged_characters: z.number() }

export const appUsageWire = z.object({
  app_id: z.string(),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), ...usageCounts })),
  totals: z.object(usageCounts),
})

/**
 * The console's API apps (signed in): create (token shown once), list, read, rename, revoke; and, for the
 * caller's own apps, usage per day, the app's requests and each request's callback delivery log.
 */
export const apiAppsRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const { apiApps, synthesis } = synthesisContext(app)
  const { db, storage } = app.ctx
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
        body: z.object({ name: line(100), callback_url: callbackField, expires_in_days: lifetimeField }),
        response: { 200: envelope(z.object({ app: apiAppWire, token: z.string() })) },
      },
    },
    async (request) => {
      const created = await apiApps.create(request.profile!.id, {
        name: request.body.name,
        callbackUrl: (await callback(request.body.callback_url)) ?? null,
        expiresInDays: (request.body.expires_in_days ?? null) as TokenLifetimeDays,
      })
      return ok({ app: toApiAppWire(created.app), token: created.token })
    },
  )

  app.post(
    '/api-apps/:id/rotate-token',
    {
      schema: {
        tags: ['api-apps'],
        summary: `New token (in this answer only); the old one keeps working for ${ROTATION_GRACE_HOURS} hours`,
        security: [{ bearer: [] }],
        params: idParams,
        body: z
          .object({ expires_in_days: lifetimeField })
          .optional()
          .meta({ example: { expires_in_days: 90 } }),
        response: { 200: envelope(z.object({ app: apiAppWire, token: z.string() })) },
      },
    },
    async (request) => {
      const rotated = await apiApps.rotate(
        request.profile!.id,
        request.params.id,
        (request.body?.expires_in_days ?? null) as TokenLifetimeDays,
      )
      return ok({ app: toApiAppWire(rotated.app), token: rotated.token })
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
        summary: 'One of my API apps with its usage counters (404 for anyone else’s)',
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

  app.get(
    '/api-apps/:id/usage',
    {
      schema: {
        tags: ['api-apps'],
        summary: `Requests and characters of one app per day (${USAGE_TIME_ZONE} days, zero-filled)`,
        description:
          `Either \`from\`..\`to\` (inclusive, YYYY-MM-DD) or the \`days\` days ending \`to\` (default 30); ` +
          `\`to\` defaults to today. At most ${MAX_USAGE_DAYS} days. \`characters\` are the billable ` +
          'characters of every request made that day (any status); `charged_characters` the credits charged ' +
          'for them. Errors: USAGE_RANGE_INVALID, USAGE_RANGE_TOO_LONG, API_APP_NOT_FOUND.',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: z.object({
          from: z.string().max(20).optional(),
          to: z.string().max(20).optional(),
          days: z.string().max(20).optional(),
        }),
        response: { 200: envelope(appUsageWire) },
      },
    },
    async (request) => {
      const found = await apiApps.find(request.profile!.id, request.params.id)
      const range = usageRange(request.query)
      const days = await appUsage(db, found.id, range)
      const sum = (key: 'requests' | 'characters' | 'chargedCharacters') =>
        days.reduce((total, d) => total + d[key], 0)
      return ok({
        app_id: found.id,
        time_zone: USAGE_TIME_ZONE,
        from: range.from,
        to: range.to,
        days: days.map((d) => ({
          date: d.date,
          requests: d.requests,
          characters: d.characters,
          charged_characters: d.chargedCharacters,
        })),
        totals: {
          requests: sum('requests'),
          characters: sum('characters'),
          charged_characters: sum('chargedCharacters'),
        },
      })
    },
  )

  app.get(
    '/api-apps/:id/requests',
    {
      schema: {
        tags: ['api-apps'],
        summary: "The app's requests (API and stream), newest first",
        security: [{ bearer: [] }],
        params: idParams,
        querystring: z.object({ ...pagination(20, 100), status: z.enum(STATUSES).optional() }),
        response: { 200: envelope(z.object({ total: z.number(), items: z.array(synthesisWire) })) },
      },
    },
    async (request) => {
      const userId = request.profile!.id
      const found = await apiApps.find(userId, request.params.id)
      const { offset, limit, status } = request.query
      const r = t.synthesisRequests
      const where = and(
        eq(r.apiAppId, found.id),
        eq(r.userId, userId),
        isNull(r.deletedAt),
        status ? eq(r.status, status) : undefined,
      )
      return ok(await requestPage(db, storage, where, { offset, limit }))
    },
  )

  app.get(
    '/api-apps/:id/requests/:request_id/callbacks',
    {
      schema: {
        tags: ['api-apps'],
        summary:
          "Every callback delivery attempt of one of the app's requests (what GET /tts/{request_id}/callback-result answers, without the app token)",
        security: [{ bearer: [] }],
        params: requestParams,
        response: { 200: envelope(callbackLogWire) },
      },
    },
    async (request) => {
      const userId = request.profile!.id
      const found = await apiApps.find(userId, request.params.id)
      const row = await synthesis.find(request.params.request_id, { userId, appId: found.id })
      return ok(await readCallbackLog(db, row))
    },
  )
}
