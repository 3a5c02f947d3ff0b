import type { app as t } from '@loa/db'
import { z } from 'zod'

export type BannerRow = typeof t.banners.$inferSelect

export const bannerWire = z.object({
  code: z.string(),
  type: z.string(),
  image_url: z.string(),
  action_url: z.string().nullable(),
  position: z.string(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  rank: z.number(),
})

export const bannerToWire = (b: BannerRow): z.infer<typeof bannerWire> => ({
  code: b.code,
  type: b.type,
  image_url: b.imageUrl,
  action_url: b.actionUrl,
  position: b.position,
  active: b.active,
  starts_at: b.startsAt?.toISOString() ?? null,
  ends_at: b.endsAt?.toISOString() ?? null,
  rank: b.rank,
})
