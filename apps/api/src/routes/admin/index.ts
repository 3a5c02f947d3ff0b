import { AppError, CommonErrorCode, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../lib/wire.ts'
import { ApiErrorCode } from '../../errors.ts'
import { bannerToWire, bannerWire } from '../banners/serialize.ts'
import { newsToWire } from '../marketing/news.ts'
import { packageToWire } from '../packages/serialize.ts'
import { voiceToWire } from '../voices/serialize.ts'
import { voucherToWire } from '../vouchers/serialize.ts'
import { registerAdminResource } from './resource.ts'
import {
  bannerCreate,
  creditGrant,
  newsCreate,
  packageCreate,
  voiceCreate,
  voucherCreate,
} from './schemas.ts'

const datesInOrder = (row: { startsAt?: unknown; endsAt?: unknown }) =>
  row.startsAt instanceof Date && row.endsAt instanceof Date && row.endsAt <= row.startsAt
    ? 'ends_at must be after starts_at'
    : undefined

/** Catalogue writes for the admin role (one onRequest hook for the whole subtree). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin)

  registerAdminResource(app, {
    path: '/voices',
    key: 'code',
    table: t.voices,
    keyColumn: t.voices.code,
    create: voiceCreate,
    toWire: voiceToWire,
    notFound: ApiErrorCode.VOICE_NOT_FOUND,
    tag: 'admin',
  })
  registerAdminResource(app, {
    path: '/banners',
    key: 'code',
    table: t.banners,
    keyColumn: t.banners.code,
    create: bannerCreate,
    toWire: bannerToWire,
    notFound: ApiErrorCode.BANNER_NOT_FOUND,
    tag: 'admin',
    check: datesInOrder,
  })
  registerAdminResource(app, {
    path: '/packages',
    key: 'code',
    table: t.packages,
    keyColumn: t.packages.code,
    create: packageCreate,
    toWire: packageToWire,
    notFound: ApiErrorCode.PACKAGE_NOT_FOUND,
    tag: 'admin',
  })
  registerAdminResource(app, {
    path: '/vouchers',
    key: 'code',
    table: t.vouchers,
    keyColumn: t.vouchers.code,
    create: voucherCreate,
    toWire: voucherToWire,
    notFound: ApiErrorCode.VOUCHER_NOT_FOUND,
    tag: 'admin',
    check: (row) =>
      datesInOrder(row) ??
      ((row.discountPercent == null) === (row.discountAmount == null)
        ? 'give exactly one of discount_percent and discount_amount'
        : undefined),
  })
  registerAdminResource(app, {
    path: '/news',
    key: 'slug',
    table: t.news,
    keyColumn: t.news.slug,
    create: newsCreate,
    toWire: newsToWire,
    notFound: ApiErrorCode.NEWS_NOT_FOUND,
    tag: 'admin',
  })

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
      const entry = await app.ctx.credits.grant(user.id, request.body.amount, {
        reason: request.body.reason,
        reference: request.body.reference ?? `admin:${request.auth!.sub}`,
      })
      return ok({ entry_id: entry.id, balance: entry.balanceAfter })
    },
  )
}
