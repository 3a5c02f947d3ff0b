import { AppError, CommonErrorCode, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../lib/wire.ts'
import { bannerToWire, bannerWire } from '../banners/serialize.ts'
import { writeAudit } from './audit.ts'
import { registerCatalogue } from './catalogue.ts'
import { creditGrant } from './schemas.ts'

/** Catalogue writes for the admin role (one onRequest hook for the whole subtree). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin)

  registerCatalogue(app, { list: false })

  app.get(
    '/banners',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every banner, live or not (admin)',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.object({ banners: z.array(bannerWire) })) },
      },
    },
    async () => {
      const rows = await app.ctx.db.select().from(t.banners).orderBy(asc(t.banners.rank), asc(t.banners.id))
      return ok({ banners: rows.map(bannerToWire) })
    },
  )

  app.post(
    '/users/:id/credits',
    {
      schema: {
        tags: ['admin'],
        summary: 'Grant credits to a user (admin); one ledger entry',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(200) }),
        body: creditGrant,
        response: { 200: envelope(z.object({ entry_id: z.string(), balance: z.number() })) },
      },
    },
    async (request) => {
      const [user] = await app.ctx.db
        .select({ id: t.users.id })
        .from(t.users)
        .where(eq(t.users.id, request.params.id))
      if (!user) throw new AppError(CommonErrorCode.NOT_FOUND, 'User not found', 404)
      const entry = await app.ctx.db.transaction(async (tx) => {
        const granted = await app.ctx.ledger.grant({
          userId: user.id,
          product: request.body.product,
          amount: request.body.amount,
          reason: request.body.reason,
          reference: request.body.reference ?? `admin:${request.auth!.sub}`,
          tx,
        })
        await writeAudit(tx, request, {
          action: 'user.credits.grant',
          targetType: 'user',
          targetId: user.id,
          after: { product: request.body.product, balance: granted.balanceAfter, entry_id: granted.id },
          reason: request.body.reason,
        })
        return granted
      })
      return ok({ entry_id: entry.id, balance: entry.balanceAfter })
    },
  )
}
