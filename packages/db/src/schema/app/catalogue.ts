import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'
import type { BannerTranslations, PackageTranslations, VoucherTranslations } from './translations.ts'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/** The voice catalogue (spec §3 voice query). `features` holds purposes (REVIEW_FILM, NEWS, …). */
export const voices = appSchema.table(
  'voices',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    region: text('region').notNull(),
    languageCode: text('language_code').notNull().default('vi-VN'),
    features: jsonb('features')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The voice's tier (VoiceTier of @loa/contracts): BASIC = eSpeak, NEURAL = installed Piper, provider = operator's. */
    level: text('level').notNull().default('BASIC'),
    /** Multiplies the characters billed with this voice (Vbee's credit_factor; two decimals). */
    creditFactor: doublePrecision('credit_factor').notNull().default(1),
    description: text('description').notNull().default(''),
    /** Engine voice id in @loa/tts (what the synthesis worker speaks with). */
    engineVoice: text('engine_voice').notNull(),
    provider: text('provider').notNull().default('loa'),
    /** Who made the voice (speaker, dataset, model author), shown beside it; null = our own recording. */
    attribution: text('attribution'),
    /** The voice's licence (SPDX id or name, e.g. CC-BY-4.0); null = ours. */
    licence: text('licence'),
    sampleAudioUrl: text('sample_audio_url'),
    avatarUrl: text('avatar_url'),
    hasDubbing: boolean('has_dubbing').notNull().default(false),
    isSample: boolean('is_sample').notNull().default(false),
    global: boolean('global').notNull().default(true),
    active: boolean('active').notNull().default(true),
    rank: integer('rank').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('voices_code_key').on(t.code), index('voices_rank_idx').on(t.rank)],
)

/** Sample scripts shown in the try-it box, one or more per purpose. */
export const sampleScripts = appSchema.table(
  'sample_scripts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    purpose: text('purpose').notNull(),
    languageCode: text('language_code').notNull().default('vi-VN'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    rank: integer('rank').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('sample_scripts_code_key').on(t.code)],
)

/** Purchasable packages (spec §3 packages and orders). Prices in VND. */
export const packages = appSchema.table(
  'packages',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    family: text('family').notNull(),
    /** Product line: STUDIO, API or DUBBING (same values as order types). */
    type: text('type').notNull(),
    cycle: text('cycle'),
    kind: text('kind').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    originalPrice: bigint('original_price', { mode: 'number' }),
    credits: bigint('credits', { mode: 'number' }).notNull(),
    devices: integer('devices').notNull(),
    voiceClonings: integer('voice_clonings').notNull().default(0),
    /** Days the package lasts; -1 is infinite (spec §9 durations). */
    durationDays: integer('duration_days').notNull(),
    description: text('description').notNull().default(''),
    highlights: jsonb('highlights')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Name, description and highlights in other languages (the columns above are Vietnamese). */
    translations: jsonb('translations')
      .$type<PackageTranslations>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    active: boolean('active').notNull().default(true),
    purchasable: boolean('purchasable').notNull().default(true),
    isLandingPage: boolean('is_landing_page').notNull().default(false),
    rank: integer('rank').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('packages_code_key').on(t.code)],
)

/** Banners; the popup is the one of type LANDING_PAGE_POPUP. */
export const banners = appSchema.table(
  'banners',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    imageUrl: text('image_url').notNull(),
    actionUrl: text('action_url'),
    position: text('position').notNull().default('MIDDLE_CENTER'),
    /** The picture per language (its text is in that language); `imageUrl` is the Vietnamese one. */
    translations: jsonb('translations')
      .$type<BannerTranslations>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    rank: integer('rank').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('banners_code_key').on(t.code)],
)

/** Discount vouchers. `audience`: ALL, NEW_USER, PAID_USER. */
export const vouchers = appSchema.table(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    discountPercent: integer('discount_percent'),
    discountAmount: bigint('discount_amount', { mode: 'number' }),
    maxDiscount: bigint('max_discount', { mode: 'number' }),
    packageCodes: jsonb('package_codes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    audience: text('audience').notNull().default('ALL'),
    isPublic: boolean('is_public').notNull().default(true),
    showBanner: boolean('show_banner').notNull().default(false),
    bannerImageUrl: text('banner_image_url'),
    /** Title and description in other languages (the columns above are Vietnamese). */
    translations: jsonb('translations')
      .$type<VoucherTranslations>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Smallest package price (before VAT) the voucher applies to. */
    minOrderAmount: bigint('min_order_amount', { mode: 'number' }),
    /** Paid orders one user may use it on. */
    perUserLimit: integer('per_user_limit'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('vouchers_code_key').on(t.code)],
)

/** Blog/news posts shown on the landing page. */
export const news = appSchema.table(
  'news',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    blog: text('blog').notNull().default('tin-tuc'),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    author: text('author').notNull().default('Loa'),
    locale: text('locale').notNull().default('vi'),
    active: boolean('active').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('news_slug_key').on(t.slug), index('news_published_idx').on(t.publishedAt)],
)
