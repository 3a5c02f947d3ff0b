import {
  CREDIT_UNITS,
  PRODUCT_OF_ORDER_TYPE,
  unitOfOrderType,
  WALLET_PRODUCTS,
  type Locale,
  type OrderType,
} from '@loa/contracts'
import type { app as t } from '@loa/db'
import { z } from 'zod'
import { translated } from '../../lib/locale.ts'

export type PackageRow = typeof t.packages.$inferSelect

export const packageWire = z.object({
  code: z.string(),
  name: z.string(),
  family: z.string(),
  type: z.string(),
  /** The product (spec §1 id) whose wallet the package fills: STUDIO aivoice, API aivoiceapi, DUBBING aidubbing. */
  product: z.enum(WALLET_PRODUCTS),
  cycle: z.string().nullable(),
  kind: z.string(),
  price: z.number(),
  original_price: z.number().nullable(),
  currency: z.literal('VND'),
  credits: z.number().describe('Credits the package grants, counted in `unit`'),
  unit: z
    .enum(CREDIT_UNITS)
    .describe('What one credit is: CHARACTER (studio, API) or SECOND of dubbed timeline (dubbing)'),
  devices: z.number(),
  voice_clonings: z.number(),
  resources: z.object({ credits: z.number(), devices: z.number(), voiceClonings: z.number() }),
  duration_days: z.number(),
  description: z.string(),
  highlights: z.array(z.string()),
  translations: z
    .object({
      en: z
        .object({ name: z.string(), description: z.string(), highlights: z.array(z.string()) })
        .partial()
        .optional(),
    })
    .describe('Texts in other languages, field by field (name, description and highlights are Vietnamese).'),
  active: z.boolean(),
  purchasable: z.boolean(),
  is_landing_page: z.boolean(),
  rank: z.number(),
})

export const packageToWire = (p: PackageRow): z.infer<typeof packageWire> => ({
  code: p.code,
  name: p.name,
  family: p.family,
  type: p.type,
  product: PRODUCT_OF_ORDER_TYPE[p.type as OrderType],
  cycle: p.cycle,
  kind: p.kind,
  price: p.price,
  original_price: p.originalPrice,
  currency: 'VND',
  credits: p.credits,
  unit: unitOfOrderType(p.type as OrderType),
  devices: p.devices,
  voice_clonings: p.voiceClonings,
  // Plan resource kinds of spec §3, under their own names.
  resources: { credits: p.credits, devices: p.devices, voiceClonings: p.voiceClonings },
  duration_days: p.durationDays,
  description: p.description,
  highlights: p.highlights,
  translations: p.translations,
  active: p.active,
  purchasable: p.purchasable,
  is_landing_page: p.isLandingPage,
  rank: p.rank,
})

/** The row with its name, description and highlights in a language (Vietnamese where untranslated). */
export const localizedPackage = (p: PackageRow, locale: Locale): PackageRow => ({
  ...p,
  ...translated(
    { name: p.name, description: p.description, highlights: p.highlights },
    p.translations,
    locale,
  ),
})
