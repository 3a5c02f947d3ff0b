import { and, eq, sql } from 'drizzle-orm'
import { appSchemaTables as t } from './app-tables.ts'
import { PACKAGE_SEEDS, type PackageSeed } from './app-catalogue-data.ts'
import type { SeedFunction } from './types.ts'

const STUDIO_TIER = /^STUDIO-(?:STANDARD|SPECIAL|VIP|CUSTOM)-(MONTH|YEAR)-V3(?:\.1)?$/

/** 100000 → "100.000", as the first seeds wrote numbers (`toLocaleString('vi-VN')`), without depending on ICU. */
const viNumber = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')

/**
 * The pricing highlights earlier seeds wrote for a package (before issue 17 the cards showed characters and devices
 * from the numbers as well, so these repeated them and advertised voice cloning the product does not have).
 * Studio tiers: characters a month, devices, cloned voices or "every standard voice" (the yearly lines carried the
 * monthly texts); the free package: characters and devices. Other packages had none.
 */
export const earlierHighlights = (p: Pick<PackageSeed, 'code' | 'credits' | 'devices' | 'voiceClonings'>) => {
  if (p.code === 'STUDIO-FREE-V3') return [['5.000 ký tự mỗi tháng', '1 thiết bị']]
  const tier = STUDIO_TIER.exec(p.code)
  if (!tier) return []
  const monthly = tier[1] === 'YEAR' ? p.credits / 12 : p.credits
  return [
    [
      `${viNumber(monthly)} ký tự mỗi tháng`,
      `Dùng trên ${p.devices} thiết bị`,
      p.voiceClonings ? `${p.voiceClonings} giọng nhân bản` : 'Toàn bộ giọng đọc tiêu chuẩn',
    ],
  ]
}

/**
 * Installs seeded before today's texts: a seeded package whose highlights are still exactly an earlier seeded
 * default gets today's. Anything else in the column is an operator's edit and stays (the insert seed never
 * overwrites rows, so without this existing installs kept the old texts).
 */
export const seedPackageTextUpdates: SeedFunction = async ({ db }) => {
  for (const p of PACKAGE_SEEDS)
    for (const earlier of earlierHighlights(p))
      await db
        .update(t.packages)
        .set({ highlights: p.highlights, updatedAt: new Date() })
        .where(
          and(eq(t.packages.code, p.code), sql`${t.packages.highlights} = ${JSON.stringify(earlier)}::jsonb`),
        )
}
