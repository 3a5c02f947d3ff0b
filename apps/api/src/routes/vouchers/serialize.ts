import type { Locale } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, desc, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { FastifyRequest } from 'fastify'
import { requestLocale, translated } from '../../lib/locale.ts'

export type VoucherRow = typeof t.vouchers.$inferSelect

export const voucherWire = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  discount_percent: z.number().nullable(),
  discount_amount: z.number().nullable(),
  max_discount: z.number().nullable(),
  package_codes: z.array(z.string()),
  audience: z.string(),
  is_public: z.boolean(),
  show_banner: z.boolean(),
  banner_image_url: z.string().nullable(),
  translations: z
    .object({ en: z.object({ title: z.string(), description: z.string() }).partial().optional() })
    .describe('Title and description in other languages (the fields above are Vietnamese).'),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().nullable(),
  used_count: z.number(),
  active: z.boolean(),
})

export const voucherToWire = (v: VoucherRow): z.infer<typeof voucherWire> => ({
  code: v.code,
  title: v.title,
  description: v.description,
  discount_percent: v.discountPercent,
  discount_amount: v.discountAmount,
  max_discount: v.maxDiscount,
  package_codes: v.packageCodes,
  audience: v.audience,
  is_public: v.isPublic,
  show_banner: v.showBanner,
  banner_image_url: v.bannerImageUrl,
  translations: v.translations,
  starts_at: v.startsAt?.toISOString() ?? null,
  ends_at: v.endsAt?.toISOString() ?? null,
  usage_limit: v.usageLimit,
  used_count: v.usedCount,
  active: v.active,
})

/** Usable now: active, inside its dates, not used up. */
export const liveVoucher = (now: Date): SQL =>
  and(
    eq(t.vouchers.active, true),
    or(isNull(t.vouchers.startsAt), lte(t.vouchers.startsAt, now)),
    or(isNull(t.vouchers.endsAt), gt(t.vouchers.endsAt, now)),
    or(isNull(t.vouchers.usageLimit), lt(t.vouchers.usedCount, t.vouchers.usageLimit)),
  )!

/** Biggest discount first (percent, then fixed amount). */
export const bestFirst = [
  desc(sql`coalesce(${t.vouchers.discountPercent}, 0)`),
  desc(sql`coalesce(${t.vouchers.discountAmount}, 0)`),
  desc(t.vouchers.id),
]

/** The row with its title and description in a language (Vietnamese where untranslated). */
export const localizedVoucher = (v: VoucherRow, locale: Locale): VoucherRow => ({
  ...v,
  ...translated({ title: v.title, description: v.description }, v.translations, locale),
})

/** A voucher on the wire in the request's language. */
export const voucherFor = (request: FastifyRequest, v: VoucherRow) =>
  voucherToWire(localizedVoucher(v, requestLocale(request)))

/** A voucher list on the wire in the request's language. */
export const voucherListFor = (request: FastifyRequest, rows: VoucherRow[]) => ({
  total: rows.length,
  items: rows.map((v) => voucherFor(request, v)),
})
