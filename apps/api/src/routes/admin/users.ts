import { AppError, ok, snakeizeKeys, WALLET_PRODUCTS } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { containing } from '../../lib/like.ts'
import { envelope, pagination } from '../../lib/wire.ts'
import type { Ledger } from '@loa/ledger'
import { userProjectSummaries } from '@loa/dubbing/server'

/** The user page shows this many of each list; the ledger pages on through its own endpoint. */
const RECENT = 20

/** snake_case JSON of database rows (dates become ISO strings when the answer is serialised). */
const wire = (value: unknown) => snakeizeKeys(JSON.parse(JSON.stringify(value)) as never)

const page = z.object({ total: z.number(), items: z.array(z.unknown()) })

/** Read side of the users screens: search, a user's page, their ledger. */
export const userReadRoutes = (parent: FastifyInstance, ledger: Ledger): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const db = () => app.ctx.db

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find users by e-mail, name, id, order code or transfer memo (admin), newest first',
        security: [{ bearer: [] }],
        querystring: z.object({ ...pagination(20, 100), q: z.string().trim().max(200).optional() }),
        response: { 200: envelope(page) },
      },
    },
    async (request) => {
      const { q, offset, limit } = request.query
      const pattern = q ? containing(q) : undefined
      const filter: SQL | undefined = pattern
        ? or(
            eq(t.users.id, q!),
            ilike(t.users.email, pattern),
            ilike(t.users.name, pattern),
            // An order code or a bank transfer memo finds the buyer.
            inArray(
              t.users.id,
              db()
                .select({ id: t.orders.userId })
                .from(t.orders)
                .where(or(eq(t.orders.code, q!.toUpperCase()), ilike(t.orders.memo, pattern))),
            ),
          )
        : undefined
      const [rows, [total]] = await Promise.all([
        db()
          .select({
            id: t.users.id,
            email: t.users.email,
            name: t.users.name,
            createdAt: t.users.createdAt,
            lastSeenAt: t.users.lastSeenAt,
            lockedAt: t.userLocks.lockedAt,
          })
          .from(t.users)
          .leftJoin(t.userLocks, eq(t.userLocks.userId, t.users.id))
          .where(filter)
          .orderBy(desc(t.users.createdAt), desc(t.users.id))
          .offset(offset)
          .limit(limit),
        db().select({ n: count() }).from(t.users).where(filter),
      ])
      return ok({ total: total?.n ?? 0, items: rows.map(wire) })
    },
  )

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          "A user's page (admin): profile, lock, balances, ledger, syntheses, dubbing projects, API apps, devices, orders",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => {
      const id = request.params.id
      const [user] = await db().select().from(t.users).where(eq(t.users.id, id))
      if (!user) throw new AppError(ApiErrorCode.USER_NOT_FOUND, 'User not found', 404)
      const [lock, balances, entries, syntheses, apps, devices, orders, dubbing] = await Promise.all([
        db().select().from(t.userLocks).where(eq(t.userLocks.userId, id)),
        ledger.balances(id),
        ledger.entries(id, { offset: 0, limit: RECENT }),
        db()
          .select({
            id: t.synthesisRequests.id,
            source: t.synthesisRequests.source,
            title: t.synthesisRequests.title,
            voiceCode: t.synthesisRequests.voiceCode,
            characters: t.synthesisRequests.characters,
            chargedCharacters: t.synthesisRequests.chargedCharacters,
            status: t.synthesisRequests.status,
            errorCode: t.synthesisRequests.errorCode,
            createdAt: t.synthesisRequests.createdAt,
          })
          .from(t.synthesisRequests)
          .where(and(eq(t.synthesisRequests.userId, id), isNull(t.synthesisRequests.deletedAt)))
          .orderBy(desc(t.synthesisRequests.createdAt))
          .limit(RECENT),
        db()
          .select({
            id: t.apiApps.id,
            name: t.apiApps.name,
            tokenPrefix: t.apiApps.tokenPrefix,
            requestsCount: t.apiApps.requestsCount,
            charactersCount: t.apiApps.charactersCount,
            lastUsedAt: t.apiApps.lastUsedAt,
            revokedAt: t.apiApps.revokedAt,
            createdAt: t.apiApps.createdAt,
          })
          .from(t.apiApps)
          .where(eq(t.apiApps.userId, id))
          .orderBy(desc(t.apiApps.createdAt)),
        db()
          .select({
            deviceId: t.devices.deviceId,
            name: t.devices.name,
            ip: t.devices.ip,
            active: t.devices.active,
            lastSeenAt: t.devices.lastSeenAt,
          })
          .from(t.devices)
          .where(eq(t.devices.userId, id))
          .orderBy(desc(t.devices.lastSeenAt)),
        db()
          .select()
          .from(t.orders)
          .where(eq(t.orders.userId, id))
          .orderBy(desc(t.orders.createdAt))
          .limit(RECENT),
        userProjectSummaries(db(), id, RECENT),
      ])
      return ok(
        wire({
          profile: {
            id: user.id,
            email: user.email,
            name: user.name,
            affiliateCode: user.affiliateCode,
            referredBy: user.referredBy,
            packageCode: user.packageCode,
            createdAt: user.createdAt,
            lastSeenAt: user.lastSeenAt,
          },
          lock: lock[0] ?? null,
          balances,
          entries,
          syntheses,
          dubbingProjects: dubbing,
          apiApps: apps,
          devices,
          orders,
        }),
      )
    },
  )

  app.get(
    '/users/:id/entries',
    {
      schema: {
        tags: ['admin'],
        summary: "A user's ledger entries (admin), newest first",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(200) }),
        querystring: z.object({ ...pagination(20, 100), product: z.enum(WALLET_PRODUCTS).optional() }),
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => {
      const { offset, limit, product } = request.query
      return ok(
        wire(await ledger.entries(request.params.id, { offset, limit, ...(product ? { product } : {}) })),
      )
    },
  )
}
