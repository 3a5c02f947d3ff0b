/**
 * English texts of the seeded catalogue (the Vietnamese ones are the rows' own columns). Stored per row in
 * `translations.en`; a field missing here is shown in Vietnamese. Keyed by package / voucher code.
 */
import type { PackageTranslations, VoucherTranslations } from '../schema/app/translations.ts'

type PackageText = NonNullable<PackageTranslations['en']>

const tier = (label: string, cycle: 'monthly' | 'yearly'): PackageText => ({
  name: `${label} (${cycle === 'monthly' ? 'monthly' : 'yearly'})`,
  highlights: [
    'Every voice of the three regions',
    'MP3 or WAV download with SRT subtitles',
    ...(cycle === 'yearly' ? ['20% less than paying monthly'] : []),
  ],
})

const tiers = (family: string, label: string): Record<string, PackageText> =>
  Object.fromEntries(
    ['V3', 'V3.1'].flatMap((version) => [
      [`STUDIO-${family}-MONTH-${version}`, tier(label, 'monthly')],
      [`STUDIO-${family}-YEAR-${version}`, tier(label, 'yearly')],
    ]),
  )

export const PACKAGE_TEXT_EN: Record<string, PackageText> = {
  'STUDIO-FREE-V3': {
    name: 'Free',
    description: 'The free package for new users.',
    highlights: ['Every voice of the three regions'],
  },
  'STUDIO-FREE-V2': { name: 'Free (V2)' },
  'STUDIO-FREE': { name: 'Free (old)' },
  'STUDIO-BASIC': { name: 'Basic' },
  'STUDIO-TRIAL': { name: 'Trial', description: 'A 7-day trial of the premium voices.' },
  ...tiers('STANDARD', 'Standard'),
  'STUDIO-STANDARD-QUARTER-V3.1': { name: 'Standard (quarterly)' },
  ...tiers('SPECIAL', 'Special'),
  ...tiers('VIP', 'VIP'),
  ...tiers('CUSTOM', 'Custom'),
  'STUDIO-SPECIAL-TOPUP': {
    name: 'Extra characters',
    description: '50,000 more characters for the current cycle.',
  },
  'STUDIO-BUSINESS': {
    name: 'Business',
    description: 'For content teams, with a VAT invoice.',
  },
  'API-BASIC-MONTH-V3.1': { name: 'API Basic' },
  'API-ADVANCE-MONTH-V3.1': { name: 'API Advanced' },
  'API-PRO-YEAR-V3.1': { name: 'API Professional' },
  'API-BUSINESS': { name: 'API Business (old)' },
  'API-BUSINESS-V3.1': { name: 'API Business' },
  'API-ENTERPRISE-YEAR-V2': {
    name: 'API Enterprise (yearly)',
    description: 'Dedicated infrastructure, 99.9% SLA, 24/7 support.',
  },
  'API-TRIAL': {
    name: 'API trial',
    description: '5,000 free API characters for 30 days for new accounts.',
  },
  'DUBBING-TRIAL': {
    name: 'Dubbing trial',
    description: '10 free minutes of dubbing (counted by the second).',
  },
  'CALL-TRIAL': {
    name: 'Call prompts trial',
    description: '10,000 free call-prompt characters for 30 days for new accounts.',
  },
  'DUBBING-BASIC': { name: 'Dubbing basic' },
  'DUBBING-PRO-MONTH-V1': {
    name: 'Dubbing professional',
    description: '120 minutes of dubbing a month (counted by the second).',
  },
}

export const VOUCHER_TEXT_EN: Record<string, NonNullable<VoucherTranslations['en']>> = {
  LOA10: {
    title: '10% off every Studio package',
    description: 'For every monthly and yearly Studio package.',
  },
  CHAOBANMOI: {
    title: 'Welcome: 20% off',
    description: 'For your first purchase, up to 100,000 VND off.',
  },
  KHACHQUEN50K: { title: 'Thank you: 50,000 VND off', description: 'For customers with a paid order.' },
}

/** The English popup picture (its text is in English). */
export const POPUP_BANNER_IMAGE_PATH_EN = '/images/popup-banner-en.png'
