import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ok } from '@loa/contracts'
import type { Db } from '@loa/db'
import { parseOrRefuse, parseStrictBody } from '@loa/service-kit'
import type { AdminActor } from '../auth.ts'
import * as store from '../store/index.ts'
import { VALUE_TYPES } from '../validate.ts'

/**
 * Admin API under `/api/admin` (operator key or SSO admin of `loa-flags`). Product wire conventions:
 * snake_case, `{status:1,result}` / `{status:0,error_code,error_message}`. Rules inside are GrowthBook
 * `FeatureRule` objects (camelCase, as the SDK reads them). Every change is audited and bumps the
 * affected client keys' `dateUpdated`, which the change watcher pushes to SSE clients.
 */
export interface AdminRouteDeps {
  db: Db
  authenticate: (request: FastifyRequest) => Promise<AdminActor>
  onChange: () => Promise<void>
  /** Open SSE streams per client key on this replica (operations insight). */
  streamCounts: () => Record<string, number>
}

declare module 'fastify' {
  interface FastifyRequest {
    adminActor?: AdminActor
  }
}

/** Bodies are strict like the api's (an unknown key anywhere is 400 VALIDATION_FAILED); queries are parsed as given. */
const parse = parseStrictBody
/** Actions that take no input: no body, or `{}`. */
const noInput = z.object({})

const environmentInput = z
  .object({
    enabled: z.boolean().optional(),
    default_value: z.unknown().optional(),
    rules: z.array(z.unknown()).max(200).optional(),
  })
  .strict()

const createFeatureBody = z
  .object({
    key: z.string(),
    value_type: z.enum(VALUE_TYPES as [string, ...string[]]).default('boolean'),
    default_value: z.unknown(),
    description: z.string().max(2000).optional(),
    tags: z.array(z.string().max(100)).max(50).optional(),
    environments: z.record(z.string(), environmentInput).optional(),
  })
  .strict()

const updateFeatureBody = z
  .object({
    default_value: z.unknown().optional(),
    description: z.string().max(2000).optional(),
    tags: z.array(z.string().max(100)).max(50).optional(),
    environments: z.record(z.string(), environmentInput).optional(),
  })
  .strict()

const savedGroupBody = z
  .object({
    id: z.string(),
    name: z.string().max(200).optional(),
    attribute_key: z.string().min(1).max(200).optional(),
    values: z.array(z.union([z.string().max(500), z.number()])).max(100_000),
  })
  .strict()

const clientKeyBody = z
  .object({
    key: z.string().optional(),
    name: z.string().min(1).max(200),
    environment: z.string(),
    description: z.string().max(2000).optional(),
    encryption: z.union([z.boolean(), z.string()]).optional(),
    remote_eval_only: z.boolean().optional(),
  })
  .strict()

const listQuery = z.object({ include_archived: z.enum(['true', 'false', '1', '0']).optional() })
const archivedFrom = (q: unknown) => {
  const v = parseOrRefuse(listQuery, q).include_archived
  return v === 'true' || v === '1'
}

export const registerAdminRoutes = (app: FastifyInstance, deps: AdminRouteDeps): void => {
  const { db } = deps
  void app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request) => {
        request.adminActor = await deps.authenticate(request)
      })
      admin.addHook('onSend', async (request, reply, payload) => {
        void reply.header('cache-control', 'no-store')
        // Push the change to this replica's SSE clients at once (others see it within their poll).
        if (request.method !== 'GET' && reply.statusCode < 300) await deps.onChange()
        return payload
      })
      const actor = (request: FastifyRequest) => {
        const a = request.adminActor!
        return a.email ? `${a.id} <${a.email}>` : a.id
      }

      admin.get('/me', async (request) => ok(request.adminActor))
      admin.get('/streams', async () => {
        const streams = deps.streamCounts()
        return ok({ streams, total: Object.values(streams).reduce((a, b) => a + b, 0) })
      })

      admin.get('/features', async (request) =>
        ok({ features: await store.listFeatures(db, { includeArchived: archivedFrom(request.query) }) }),
      )
      admin.get('/features/:key', async (request) =>
        ok(await store.getFeature(db, (request.params as { key: string }).key)),
      )
      admin.post('/features', async (request, reply) => {
        const body = parse(createFeatureBody, request.body)
        const created = await store.createFeature(db, actor(request), body as store.CreateFeatureInput)
        return reply.status(201).send(ok(created))
      })
      admin.patch('/features/:key', async (request) =>
        ok(
          await store.updateFeature(
            db,
            actor(request),
            (request.params as { key: string }).key,
            parse(updateFeatureBody, request.body),
          ),
        ),
      )
      admin.put('/features/:key/environments/:environment/rules', async (request) => {
        const { key, environment } = request.params as { key: string; environment: string }
        const { rules } = parse(z.object({ rules: z.array(z.unknown()).max(200) }).strict(), request.body)
        return ok(await store.setRules(db, actor(request), key, environment, rules))
      })
      admin.post('/features/:key/archive', async (request) => {
        parse(noInput, request.body)
        return ok(await store.setArchived(db, actor(request), (request.params as { key: string }).key, true))
      })
      admin.post('/features/:key/unarchive', async (request) => {
        parse(noInput, request.body)
        return ok(await store.setArchived(db, actor(request), (request.params as { key: string }).key, false))
      })

      admin.get('/saved-groups', async () => ok({ saved_groups: await store.listSavedGroups(db) }))
      admin.post('/saved-groups', async (request, reply) =>
        reply
          .status(201)
          .send(ok(await store.createSavedGroup(db, actor(request), parse(savedGroupBody, request.body)))),
      )
      admin.patch('/saved-groups/:id', async (request) =>
        ok(
          await store.updateSavedGroup(
            db,
            actor(request),
            (request.params as { id: string }).id,
            parse(savedGroupBody.omit({ id: true }).partial(), request.body),
          ),
        ),
      )
      admin.delete('/saved-groups/:id', async (request) => {
        parse(noInput, request.body)
        await store.deleteSavedGroup(db, actor(request), (request.params as { id: string }).id)
        return ok({ deleted: true })
      })

      admin.get('/client-keys', async (request) =>
        ok({ client_keys: await store.listClientKeys(db, { includeArchived: archivedFrom(request.query) }) }),
      )
      admin.post('/client-keys', async (request, reply) =>
        reply
          .status(201)
          .send(ok(await store.createClientKey(db, actor(request), parse(clientKeyBody, request.body)))),
      )
      admin.patch('/client-keys/:key', async (request) =>
        ok(
          await store.updateClientKey(
            db,
            actor(request),
            (request.params as { key: string }).key,
            parse(
              clientKeyBody
                .omit({ key: true, environment: true })
                .partial()
                .extend({ archived: z.boolean().optional() })
                .strict(),
              request.body,
            ),
          ),
        ),
      )

      admin.get('/audit', async (request) => {
        const q = parseOrRefuse(
          z.object({
            entity_type: z.string().optional(),
            entity_id: z.string().optional(),
            limit: z.coerce.number().int().min(1).max(500).optional(),
            before_id: z.coerce.number().int().min(1).optional(),
          }),
          request.query,
        )
        return ok({
          entries: await store.listAudit(db, {
            entityType: q.entity_type,
            entityId: q.entity_id,
            limit: q.limit,
            beforeId: q.before_id,
          }),
        })
      })
    },
    { prefix: '/api/admin' },
  )
}
