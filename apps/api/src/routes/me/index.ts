import { AppError, ok, WALLET_PRODUCTS } from '@loa/contracts'
import { app as t } from '@loa/db'
import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { localeQuery, requestLocale } from '../../lib/locale.ts'
import { envelope, iso, line, pagination } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import { affiliateCode } from '../marketing/affiliate.ts'
import { localizedPackage } from '../packages/serialize.ts'
import { profileToWire, profileWire } from './serialize.ts'

/** A moment sent by the client: ISO 8601 or epoch milliseconds; not before 2000, not in the future (+1 day). */
const moment = () =>
  z
    .union([z.iso.datetime({ offset: true }), z.number().int()])
    .transform((v) => new Date(v))
    .refine(
      (d) => d.getTime() >= Date.UTC(2000, 0, 1) && d.getTime() <= Date.now() + 86_400_000,
      'out of range',
    )

const CREDIT_ENTRY = z.object({
  id: z.string(),
  product: z.enum(WALLET_PRODUCTS),
  kind: z.string(),
  amount: z.number(),
  delta: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  reference: z.string().nullable(),
  reservation_id: z.string().nullable(),
  created_at: z.string(),
})

/** Signed-in account calls: profile, attribution, heartbeat, credits history. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)

  const packageOf = async (code: string | null) => {
    if (!code) return undefined
    return app.ctx.catalogueCache.get(`package:${code}`, async () => {
      const [pkg] = await app.ctx.db.select().from(t.packages).where(eq(t.packages.code, code))
      return pkg
    })
  }

  app.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The caller’s profile (created on the first call)',
        security: [{ bearer: [] }],
        querystring: z.object(localeQuery),
        response: { 200: envelope(profileWire) },
      },
    },
    async (request) => {
      const user = request.profile!
      const [pkg, wallets] = await Promise.all([packageOf(user.packageCode), app.ctx.users.balances(user.id)])
      // The plan's name in the page's language (issue 28), like the price list's.
      const named = pkg && localizedPackage(pkg, requestLocale(request))
      return ok(profileToWire(user, named, wallets, request.auth!))
    },
  )

  app.put(
    '/users/update-affiliate-marketer',
    {
      schema: {
        tags: ['account'],
        summary: 'Attribute the account to a referral code (once)',
        security: [{ bearer: [] }],
        body: z.object({ affiliate_code: affiliateCode(), affiliate_time: moment().optional() }),
        response: {
          200: envelope(z.object({ referred_by: z.string(), affiliate_time: z.string().nullable() })),
        },
      },
    },
    async (request) => {
      const user = request.profile!
      const code = request.body.affiliate_code
      if (user.referredBy) {
        if (user.referredBy === code)
          return ok({ referred_by: code, affiliate_time: iso(user.affiliateTime) })
        throw new AppError(
          ApiErrorCode.AFFILIATE_ALREADY_SET,
          'The account is already attributed to a referral code',
          409,
        )
      }
      if (code === user.affiliateCode)
        throw new AppError(ApiErrorCode.AFFILIATE_SELF_REFERRAL, 'You cannot refer yourself', 400)
      const [marketer] = await app.ctx.db
        .select()
        .from(t.affiliateMarketers)
        .where(eq(t.affiliateMarketers.code, code))
      if (!marketer) throw new AppError(ApiErrorCode.AFFILIATE_CODE_NOT_FOUND, 'Unknown affiliate code', 404)
      const time = request.body.affiliate_time ?? new Date()
      const updated = await app.ctx.db.transaction(async (tx) => {
        const rows = await tx
          .update(t.users)
          .set({ referredBy: code, affiliateTime: time, updatedAt: new Date() })
          .where(sql`${t.users.id} = ${user.id} and ${t.users.referredBy} is null`)
          .returning()
        if (rows.length)
          await tx
            .update(t.affiliateMarketers)
            .set({ numberOfSignups: sql`${t.affiliateMarketers.numberOfSignups} + 1` })
            .where(eq(t.affiliateMarketers.code, code))
        return rows[0]
      })
      if (!updated)
        throw new AppError(ApiErrorCode.AFFILIATE_ALREADY_SET, 'The account is already attributed', 409)
      return ok({ referred_by: code, affiliate_time: iso(updated.affiliateTime) })
    },
  )

  app.put(
    '/users/update-ads-provider',
    {
      schema: {
        tags: ['account'],
        summary: 'Record the ads provider that brought the user',
        security: [{ bearer: [] }],
        body: z.object({ ads_provider: line(100), ads_provider_time: moment().optional() }),
        response: {
          200: envelope(z.object({ ads_provider: z.string(), ads_provider_time: z.string().nullable() })),
        },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db
        .update(t.users)
        .set({
          adsProvider: request.body.ads_provider,
          adsProviderTime: request.body.ads_provider_time ?? new Date(),
          updatedAt: new Date(),
        })
        .where(eq(t.users.id, request.profile!.id))
        .returning()
      return ok({ ads_provider: row!.adsProvider!, ads_provider_time: iso(row!.adsProviderTime) })
    },
  )

  app.post(
    '/online',
    {
      schema: {
        tags: ['account'],
        summary: 'Heartbeat: marks the user as online now',
        security: [{ bearer: [] }],
        // No body (null), or an empty object: anything else is refused.
        body: z.object({}).nullish(),
        response: { 200: envelope(z.object({ last_seen_at: z.string() })) },
      },
    },
    async (request) => {
      const now = new Date()
      await app.ctx.db.update(t.users).set({ lastSeenAt: now }).where(eq(t.users.id, request.profile!.id))
      return ok({ last_seen_at: now.toISOString() })
    },
  )

  app.get(
    '/credits/transactions',
    {
      schema: {
        tags: ['account'],
        summary: 'The caller’s credits ledger, newest first',
        security: [{ bearer: [] }],
        querystring: z.object({
          ...pagination(20, 100),
          product: z.enum(WALLET_PRODUCTS).default('aivoice').describe('The wallet whose entries to list'),
        }),
        response: {
          200: envelope(
            z.object({
              product: z.enum(WALLET_PRODUCTS),
              balance: z.number(),
              total: z.number(),
              items: z.array(CREDIT_ENTRY),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = request.profile!.id
      const [{ total, items }, balance] = await Promise.all([
        app.ctx.ledger.entries(userId, request.query),
        app.ctx.ledger.balance(userId, request.query.product),
      ])
      return ok({
        product: request.query.product,
        balance,
        total,
        items: items.map((e) => ({
          id: e.id,
          product: e.product,
          kind: e.kind,
          amount: e.amount,
          delta: e.delta,
          balance_after: e.balanceAfter,
          reason: e.reason,
          reference: e.reference,
          reservation_id: e.reservationId,
          created_at: e.createdAt.toISOString(),
        })),
      })
    },
  )
}
