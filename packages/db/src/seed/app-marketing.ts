import { LANDING_PAGE_POPUP_BANNER_TYPE } from '@loa/contracts'
import { appSchemaTables as t } from './app-tables.ts'
import { NEWS_SEEDS, POPUP_BANNER_IMAGE_PATH, VOUCHER_SEEDS } from './app-marketing-data.ts'
import type { SeedFunction } from './types.ts'

const DEFAULT_WEB_URL = 'http://localhost:3000'

/** Popup banner, vouchers, news, short links and a demo affiliate partner; inserted when absent. */
export const seedAppMarketing: SeedFunction = async ({ db, options }) => {
  const web = (options?.webUrl ?? DEFAULT_WEB_URL).replace(/\/+$/, '')
  await db
    .insert(t.banners)
    .values([
      {
        code: 'landing-popup',
        type: LANDING_PAGE_POPUP_BANNER_TYPE,
        imageUrl: POPUP_BANNER_IMAGE_PATH,
        actionUrl: `${web}/studio/payments`,
        position: 'MIDDLE_CENTER',
        rank: 1,
      },
    ])
    .onConflictDoNothing({ target: t.banners.code })
  await db.insert(t.vouchers).values(VOUCHER_SEEDS).onConflictDoNothing({ target: t.vouchers.code })
  await db
    .insert(t.news)
    .values(NEWS_SEEDS.map((n) => ({ ...n, publishedAt: new Date(n.publishedAt) })))
    .onConflictDoNothing({ target: t.news.slug })
  await db
    .insert(t.shortlinks)
    .values([
      { code: 'studio', targetUrl: `${web}/studio/text-to-speech` },
      { code: 'bang-gia', targetUrl: `${web}/#pricing` },
      { code: 'ho-tro', targetUrl: `${web}/support` },
    ])
    .onConflictDoNothing({ target: t.shortlinks.code })
  await db
    .insert(t.affiliateMarketers)
    .values([{ code: 'DOITAC2026', name: 'Đối tác giới thiệu mẫu' }])
    .onConflictDoNothing({ target: t.affiliateMarketers.code })
}
