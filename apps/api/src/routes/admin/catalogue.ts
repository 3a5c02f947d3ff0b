import { app as t } from '@loa/db'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { line } from '../../lib/wire.ts'
import { bannerToWire } from '../banners/serialize.ts'
import { newsToWire } from '../marketing/news.ts'
import { packageToWire } from '../packages/serialize.ts'
import { sampleScriptToWire } from '../sample-scripts/index.ts'
import { voiceToWire } from '../voices/serialize.ts'
import { voucherToWire } from '../vouchers/serialize.ts'
import { registerAdminResource } from './resource.ts'
import { bannerCreate, newsCreate, packageCreate, voiceCreate, voucherCreate } from './schemas.ts'

const datesInOrder = (row: { startsAt?: unknown; endsAt?: unknown }) =>
  row.startsAt instanceof Date && row.endsAt instanceof Date && row.endsAt <= row.startsAt
    ? 'ends_at must be after starts_at'
    : undefined

const sampleScriptCreate = z
  .object({
    code: z
      .string()
      .min(2)
      .max(100)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, . _ - only'),
    purpose: line(60),
    language_code: line(20).optional(),
    title: line(200),
    text: line(5_000),
    rank: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    active: z.boolean().optional(),
  })
  .strict()

/** The back-office also sees whether a script is shown. */
const adminSampleScriptToWire = (s: typeof t.sampleScripts.$inferSelect) => ({
  ...sampleScriptToWire(s),
  active: s.active,
})

/**
 * The catalogue's admin writes (voices, banners, packages, vouchers, news; sample scripts in the back-office),
 * each create/edit audited. `list` adds the paged `GET` of every row (the back-office's mount under /admin).
 */
export const registerCatalogue = (app: FastifyInstance, options: { list: boolean }): void => {
  const list = <C>(orderBy: C) => (options.list ? { orderBy } : undefined)
  registerAdminResource(app, {
    path: '/voices',
    entity: 'voice',
    key: 'code',
    table: t.voices,
    keyColumn: t.voices.code,
    create: voiceCreate,
    toWire: voiceToWire,
    notFound: ApiErrorCode.VOICE_NOT_FOUND,
    tag: 'admin',
    list: list(t.voices.rank),
  })
  registerAdminResource(app, {
    path: '/banners',
    entity: 'banner',
    key: 'code',
    table: t.banners,
    keyColumn: t.banners.code,
    create: bannerCreate,
    toWire: bannerToWire,
    notFound: ApiErrorCode.BANNER_NOT_FOUND,
    tag: 'admin',
    check: datesInOrder,
    list: list(t.banners.rank),
  })
  registerAdminResource(app, {
    path: '/packages',
    entity: 'package',
    key: 'code',
    table: t.packages,
    keyColumn: t.packages.code,
    create: packageCreate,
    toWire: packageToWire,
    notFound: ApiErrorCode.PACKAGE_NOT_FOUND,
    tag: 'admin',
    list: list(t.packages.rank),
  })
  registerAdminResource(app, {
    path: '/vouchers',
    entity: 'voucher',
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
    list: list(t.vouchers.createdAt),
  })
  registerAdminResource(app, {
    path: '/news',
    entity: 'news',
    key: 'slug',
    table: t.news,
    keyColumn: t.news.slug,
    create: newsCreate,
    toWire: newsToWire,
    notFound: ApiErrorCode.NEWS_NOT_FOUND,
    tag: 'admin',
    list: list(t.news.publishedAt),
  })
  if (options.list)
    registerAdminResource(app, {
      path: '/sample-scripts',
      entity: 'sample_script',
      key: 'code',
      table: t.sampleScripts,
      keyColumn: t.sampleScripts.code,
      create: sampleScriptCreate,
      toWire: adminSampleScriptToWire,
      notFound: ApiErrorCode.SAMPLE_SCRIPT_NOT_FOUND,
      tag: 'admin',
      list: list(t.sampleScripts.purpose),
    })
}
