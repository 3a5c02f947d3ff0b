import { TIME_EXAMPLE } from '../glossary/common.ts'
import type { HandExample } from './types.ts'

const ESPEAK = {
  attribution: 'eSpeak NG speech engine (github.com/espeak-ng/espeak-ng)',
  licence: 'GPL-3.0-or-later (eSpeak NG)',
}

/** Two seeded voices as GET /voices lists them (every field; `fields` narrows them). */
export const voice = (
  code: string,
  name: string,
  gender: string,
  features: string[],
  description: string,
  rank: number,
) => ({
  code,
  name,
  gender,
  region: 'NORTH',
  language_code: 'vi-VN',
  features,
  level: 'BASIC',
  credit_factor: 1,
  description,
  provider: 'loa',
  sample_audio_url: `https://api.loa.vn/api/v1/media/voices/samples/${code}.mp3`,
  audio_link: `https://api.loa.vn/api/v1/media/voices/samples/${code}.mp3`,
  avatar_url: null,
  has_dubbing: true,
  is_sample: true,
  global: true,
  active: true,
  rank,
  engine: 'espeak',
  ...ESPEAK,
})

const HIGHLIGHTS = ['Tất cả giọng đọc ba miền', 'Tải MP3 hoặc WAV kèm phụ đề SRT']

/** The seeded studio package "Đặc biệt (tháng)". */
export const SPECIAL_MONTH = {
  code: 'STUDIO-SPECIAL-MONTH-V3.1',
  name: 'Đặc biệt (tháng)',
  family: 'SPECIAL',
  type: 'STUDIO',
  product: 'aivoice',
  cycle: 'monthly',
  kind: 'AUTO_RENEW',
  price: 199000,
  original_price: null,
  currency: 'VND',
  credits: 250000,
  unit: 'CHARACTER',
  devices: 3,
  voice_clonings: 1,
  resources: { credits: 250000, devices: 3, voiceClonings: 1 },
  duration_days: 30,
  description: '',
  highlights: HIGHLIGHTS,
  translations: {
    en: {
      name: 'Special (monthly)',
      highlights: ['Every voice of the three regions', 'MP3 or WAV download with SRT subtitles'],
    },
  },
  active: true,
  purchasable: true,
  is_landing_page: true,
  rank: 20,
}

/** 199,000 − 10 % (LOA10) = 179,100; VAT 10 % = 17,910; total 197,010 VND. */
const PRICES = {
  price: 199000,
  discount: 19900,
  discount_source: 'voucher',
  subtotal: 179100,
  vat_percent: 10,
  vat: 17910,
  total: 197010,
}

const ORDER_CODE = 'LOA7K2M9QXD'

/** An order just created with VietQR: PENDING until the transfer with its memo arrives. */
const PENDING_ORDER = {
  id: '0c5e8a71-93d4-4b2f-a8e6-1f7b3c9d2e40',
  code: ORDER_CODE,
  package_code: 'STUDIO-SPECIAL-MONTH-V3.1',
  type: 'STUDIO',
  product: 'aivoice',
  status: 'PENDING',
  payment_method: 'VIETQR',
  ...PRICES,
  amount: 197010,
  currency: 'VND',
  voucher_code: 'LOA10',
  memo: ORDER_CODE,
  plan_change: 'upgrade',
  credits: 250000,
  unit: 'CHARACTER',
  pay_by: '2026-11-23T09:00:00.000Z',
  paid_at: null,
  expires_at: null,
  closed_at: null,
  renewal_of: null,
  created_at: TIME_EXAMPLE,
  in_use: false,
  invoice: null,
}

export const PAID_ORDER = {
  ...PENDING_ORDER,
  status: 'PAID',
  paid_at: '2026-11-23T08:03:12.000Z',
  expires_at: '2026-12-23T08:03:12.000Z',
  in_use: true,
}

/** Catalogue reads and orders. */
export const COMMERCE_EXAMPLES: Record<string, HandExample> = {
  'GET /api/v1/voices': {
    response: {
      total: 2,
      items: [
        voice(
          'hn_female_thuha_news',
          'Thu Hà',
          'FEMALE',
          ['NEWS', 'ADVERTISE'],
          'Giọng nữ miền Bắc, đọc tin tức rõ ràng, chuẩn mực.',
          1,
        ),
        voice(
          'hn_male_quanganh_news',
          'Quang Anh',
          'MALE',
          ['NEWS', 'REVIEW_FILM'],
          'Giọng nam miền Bắc, trầm ấm, hợp bản tin và thuyết minh.',
          2,
        ),
      ],
    },
  },
  'GET /api/v1/packages': {
    response: { total: 1, items: [{ ...SPECIAL_MONTH, vat_percent: 10, price_with_vat: 218900 }] },
  },
  'POST /api/v1/orders/quote': {
    request: { package_code: 'STUDIO-SPECIAL-MONTH-V3.1', voucher_code: 'LOA10' },
    response: {
      package_code: 'STUDIO-SPECIAL-MONTH-V3.1',
      package_name: 'Đặc biệt (tháng)',
      type: 'STUDIO',
      cycle: 'monthly',
      kind: 'AUTO_RENEW',
      credits: 250000,
      unit: 'CHARACTER',
      ...PRICES,
      voucher_code: 'LOA10',
      plan_change: 'upgrade',
      current_package_code: null,
      current_expires_at: null,
    },
  },
  'POST /api/v1/orders': {
    request: { package_code: 'STUDIO-SPECIAL-MONTH-V3.1', voucher_code: 'LOA10', payment_method: 'VIETQR' },
    response: {
      order: PENDING_ORDER,
      payment: {
        method: 'VIETQR',
        sandbox: false,
        qr_payload:
          '00020101021238570010A00000072701270006970436011300710012345670208QRIBFTTA530370454061970105802VN6304A1B2',
        memo: ORDER_CODE,
        bank: {
          bin: '970436',
          account_number: '0071001234567',
          account_name: 'CONG TY TNHH LOA',
          bank_name: 'Vietcombank',
        },
      },
    },
  },
  'GET /api/v1/orders': { response: { total: 1, items: [PAID_ORDER] } },
  'GET /api/v1/orders/{code}': { response: { ...PAID_ORDER, payment: null } },
}
