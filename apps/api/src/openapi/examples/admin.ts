import { TIME_EXAMPLE } from '../glossary/common.ts'
import { SPECIAL_MONTH, voice } from './commerce.ts'
import type { HandExample } from './types.ts'

/** Seeded rows as the back office's writes and lists answer them (each resource's public wire, `active` included). */
const WIRES: Record<string, { key: string; row: Record<string, unknown>; legacy: boolean }> = {
  voices: {
    key: 'code',
    legacy: true,
    row: voice(
      'hn_female_thuha_news',
      'Thu Hà',
      'FEMALE',
      ['NEWS', 'ADVERTISE'],
      'Giọng nữ miền Bắc, đọc tin tức rõ ràng, chuẩn mực.',
      1,
    ),
  },
  packages: { key: 'code', legacy: true, row: SPECIAL_MONTH },
  banners: {
    key: 'code',
    legacy: true,
    row: {
      code: 'landing-popup',
      type: 'LANDING_PAGE_POPUP',
      image_url: '/images/popup-banner.png',
      action_url: 'https://loa.vn/studio/payments',
      position: 'MIDDLE_CENTER',
      translations: { en: { image_url: '/images/popup-banner-en.png' } },
      active: true,
      starts_at: null,
      ends_at: null,
      rank: 1,
      updated_at: TIME_EXAMPLE,
    },
  },
  vouchers: {
    key: 'code',
    legacy: true,
    row: {
      code: 'LOA10',
      title: 'Giảm 10% mọi gói Studio',
      description: 'Áp dụng cho tất cả gói Studio tháng và năm.',
      discount_percent: 10,
      discount_amount: null,
      max_discount: 500000,
      package_codes: [],
      audience: 'ALL',
      is_public: true,
      show_banner: true,
      banner_image_url: null,
      translations: { en: { title: '10% off every Studio package' } },
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      used_count: 12,
      active: true,
    },
  },
  news: {
    key: 'slug',
    legacy: true,
    row: {
      slug: 'ra-mat-loa-chuyen-van-ban-thanh-giong-noi',
      blog: 'tin-tuc',
      title: 'Ra mắt Loa: chuyển văn bản thành giọng nói tiếng Việt',
      summary: 'Loa giúp bạn biến văn bản tiếng Việt thành giọng đọc tự nhiên với ba miền Bắc, Trung, Nam.',
      content: 'Loa là nền tảng giọng nói AI dành cho thị trường Việt Nam. …',
      thumbnail_url: '/images/news/ra-mat-loa.png',
      author: 'Đội ngũ Loa',
      locale: 'vi',
      active: true,
      published_at: '2026-09-01T02:00:00.000Z',
    },
  },
  'sample-scripts': {
    key: 'code',
    legacy: false,
    row: {
      code: 'news-1',
      purpose: 'NEWS',
      language_code: 'vi-VN',
      title: 'Bản tin sáng',
      text: 'Sáng nay, ngày 15/3/2025, Hà Nội đón đợt không khí lạnh mới, nhiệt độ thấp nhất khoảng 12 độ C.',
      rank: 1,
      active: true,
    },
  },
}

/** `GET /admin/dashboard?days=7`: one row per Vietnamese calendar day and figure group, zero-filled. */
const DAYS = [
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
  '2026-11-23',
]
const perDay = (figures: (i: number) => Record<string, number>) =>
  DAYS.map((date, i) => ({ date, ...figures(i) }))
const DASHBOARD = {
  from: DAYS[0],
  to: DAYS[6],
  signups: perDay((i) => ({ signups: [12, 9, 15, 11, 20, 7, 14][i]! })),
  characters: perDay((i) => ({ aivoice: 180000 + i * 12500, aivoiceapi: 95000 + i * 4000 })),
  orders: perDay((i) => ({
    paid_orders: [3, 1, 4, 2, 5, 0, 3][i]!,
    revenue: [3, 1, 4, 2, 5, 0, 3][i]! * 197010,
  })),
  demo: perDay((i) => ({ plays: 140 + i * 9, clicks: 31 + i * 2 })),
}

/**
 * The back office's catalogue writes answer the row written (create, edit), its lists a page of rows; their
 * schemas say only "a row", so the examples show one. Both mounts: `/api/v1/<resource>` and `/api/v1/admin/…`.
 */
export const ADMIN_EXAMPLES: Record<string, HandExample> = Object.fromEntries(
  Object.entries(WIRES).flatMap(([resource, { key, row, legacy }]) => {
    const prefixes = legacy ? ['/api/v1', '/api/v1/admin'] : ['/api/v1/admin']
    return [
      ...prefixes.flatMap((prefix) => [
        [`POST ${prefix}/${resource}`, { response: row }],
        [`PATCH ${prefix}/${resource}/{${key}}`, { response: row }],
      ]),
      [`GET /api/v1/admin/${resource}`, { response: { total: 1, items: [row] } }],
    ]
  }),
)
ADMIN_EXAMPLES['GET /api/v1/admin/dashboard'] = { response: DASHBOARD }
