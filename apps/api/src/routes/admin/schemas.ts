import {
  BANNER_POSITIONS,
  BILLING_CYCLES,
  GENDERS,
  ORDER_TYPES,
  PACKAGE_FAMILIES,
  PACKAGE_KINDS,
  REGIONS,
  MAX_CREDIT_FACTOR,
  MIN_CREDIT_FACTOR,
  VOICE_PURPOSES,
  VOICE_TIERS,
  WALLET_PRODUCTS,
} from '@loa/contracts'
import { z } from 'zod'
import { httpUrlString, line, mediaRef } from '../../lib/wire.ts'

const code = (max = 100) =>
  z
    .string()
    .min(2)
    .max(max)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, . _ - only')
const money = () => z.number().int().min(0).max(1_000_000_000_000)
const at = () => z.iso.datetime({ offset: true }).transform((v) => new Date(v))
const flag = () => z.boolean()
const rank = () => z.number().int().min(-1_000_000).max(1_000_000)
/** Texts in other languages (English), field by field; the row's own fields are Vietnamese. */
const translations = <T extends z.ZodRawShape>(fields: T) =>
  z.object({ en: z.object(fields).partial().strict().optional() }).strict()

export const voiceCreate = z
  .object({
    code: code(),
    name: line(100),
    gender: z.enum(GENDERS),
    region: z.enum(REGIONS),
    language_code: line(20).optional(),
    features: z.array(z.enum(VOICE_PURPOSES)).min(1).max(VOICE_PURPOSES.length),
    /** The tier: BASIC (eSpeak), NEURAL (installed neural) or PREMIUM (issue #26 §3). */
    level: z.enum(VOICE_TIERS).optional(),
    /** Multiplies the characters billed with this voice; two decimals. */
    credit_factor: z
      .number()
      .min(MIN_CREDIT_FACTOR)
      .max(MAX_CREDIT_FACTOR)
      .refine((f) => Math.abs(Math.round(f * 100) - f * 100) < 1e-6, 'two decimals at most')
      .optional(),
    description: z.string().max(1_000).optional(),
    engine_voice: line(200),
    provider: line(50).optional(),
    /** Who made the voice (the credit line its licence asks for), shown with the voice; null = our own. */
    attribution: line(300).nullable().optional(),
    /** The voice's licence (SPDX id or name, e.g. CC-BY-4.0); null = ours. */
    licence: line(200).nullable().optional(),
    sample_audio_url: mediaRef().nullable().optional(),
    avatar_url: mediaRef().nullable().optional(),
    has_dubbing: flag().optional(),
    is_sample: flag().optional(),
    global: flag().optional(),
    active: flag().optional(),
    rank: rank().optional(),
  })
  .strict()

export const bannerCreate = z
  .object({
    code: code(60),
    type: z
      .string()
      .min(2)
      .max(60)
      .regex(/^[A-Z][A-Z0-9_]*$/, 'UPPER_SNAKE_CASE'),
    image_url: mediaRef(),
    action_url: httpUrlString().nullable().optional(),
    position: z.enum(BANNER_POSITIONS).optional(),
    translations: translations({ image_url: mediaRef() }).optional(),
    active: flag().optional(),
    starts_at: at().nullable().optional(),
    ends_at: at().nullable().optional(),
    rank: rank().optional(),
  })
  .strict()

export const packageCreate = z
  .object({
    code: code(60),
    name: line(100),
    family: z.enum(PACKAGE_FAMILIES),
    type: z.enum(ORDER_TYPES),
    cycle: z.enum(BILLING_CYCLES).nullable().optional(),
    kind: z.enum(PACKAGE_KINDS),
    price: money(),
    original_price: money().nullable().optional(),
    credits: money(),
    devices: z.number().int().min(0).max(1_000),
    voice_clonings: z.number().int().min(0).max(1_000).optional(),
    duration_days: z
      .number()
      .int()
      .min(-1)
      .max(3_650)
      .refine((v) => v !== 0, '-1 (infinite) or a number of days'),
    description: z.string().max(2_000).optional(),
    highlights: z.array(line(200)).max(12).optional(),
    translations: translations({
      name: line(100),
      description: z.string().max(2_000),
      highlights: z.array(line(200)).max(12),
    }).optional(),
    active: flag().optional(),
    purchasable: flag().optional(),
    is_landing_page: flag().optional(),
    rank: rank().optional(),
  })
  .strict()

export const voucherCreate = z
  .object({
    code: code(40),
    title: line(200),
    description: z.string().max(2_000).optional(),
    discount_percent: z.number().int().min(1).max(100).nullable().optional(),
    discount_amount: money().nullable().optional(),
    max_discount: money().nullable().optional(),
    package_codes: z.array(code(60)).max(100).optional(),
    audience: z.enum(['ALL', 'NEW_USER', 'PAID_USER']).optional(),
    is_public: flag().optional(),
    show_banner: flag().optional(),
    banner_image_url: mediaRef().nullable().optional(),
    translations: translations({ title: line(200), description: z.string().max(2_000) }).optional(),
    starts_at: at().nullable().optional(),
    ends_at: at().nullable().optional(),
    usage_limit: z.number().int().min(1).max(100_000_000).nullable().optional(),
    active: flag().optional(),
  })
  .strict()

export const newsCreate = z
  .object({
    slug: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by -'),
    blog: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[a-z0-9-]+$/)
      .optional(),
    title: line(300),
    summary: z.string().max(1_000).optional(),
    content: line(100_000),
    thumbnail_url: mediaRef().nullable().optional(),
    author: line(100).optional(),
    locale: z.enum(['vi', 'en']).optional(),
    active: flag().optional(),
    published_at: at().optional(),
  })
  .strict()

export const creditGrant = z
  .object({
    product: z.enum(WALLET_PRODUCTS).default('aivoice'),
    amount: z.number().int().min(1).max(1_000_000_000),
    reason: line(200),
    reference: line(200).optional(),
  })
  .strict()
