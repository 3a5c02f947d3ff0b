import type { Locale } from '@loa/contracts'
import type { app as t } from '@loa/db'
import { z } from 'zod'
import { translated } from '../../lib/locale.ts'

export type BannerRow = typeof t.banners.$inferSelect

export const bannerWire = z.object({
  code: z.string(),
  type: z.string(),
  image_url: z.string(),
  action_url: z.string().nullable(),
  position: z.string(),
  translations: z
    .object({ en: z.object({ image_url: z.string() }).partial().optional() })
    .describe('Per-language pictures (a banner image carries text): `en.image_url` for the English site.'),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  rank: z.number(),
  updated_at: z.string().describe('Last edit: a changed banner is shown again to visitors who closed it'),
})

export const bannerToWire = (b: BannerRow): z.infer<typeof bannerWire> => ({
  code: b.code,
  type: b.type,
  image_url: b.imageUrl,
  action_url: b.actionUrl,
  position: b.position,
  translations: b.translations.en ? { en: { image_url: b.translations.en.imageUrl } } : {},
  active: b.active,
  starts_at: b.startsAt?.toISOString() ?? null,
  ends_at: b.endsAt?.toISOString() ?? null,
  rank: b.rank,
  updated_at: b.updatedAt.toISOString(),
})

/** The row with its picture for a language (the Vietnamese one where there is none). */
export const localizedBanner = (b: BannerRow, locale: Locale): BannerRow => ({
  ...b,
  ...translated({ imageUrl: b.imageUrl }, b.translations, locale),
})
