/** Enumerations of the product specification (§1, §3, §4). */

export const PRODUCT_IDS = ['aivoice', 'aicall', 'aidubbing', 'aivoiceapi'] as const
export type ProductId = (typeof PRODUCT_IDS)[number]
/** Products that hold a credits wallet (`aicall`: bulk call prompts, issue 30 §4). */
export const WALLET_PRODUCTS = ['aivoice', 'aivoiceapi', 'aidubbing', 'aicall'] as const
export type WalletProduct = (typeof WALLET_PRODUCTS)[number]
/** The wallet a package of each order type fills (spec §1 product ids, §3 order types). */
export const PRODUCT_OF_ORDER_TYPE: Record<OrderType, WalletProduct> = {
  STUDIO: 'aivoice',
  API: 'aivoiceapi',
  DUBBING: 'aidubbing',
  CALL: 'aicall',
}
export const SERVICE_TILES = ['TTS', 'API', 'DUBBING'] as const
export type ServiceTile = (typeof SERVICE_TILES)[number]

export const VOICE_PURPOSES = ['REVIEW_FILM', 'NEWS', 'AUDIO_BOOK', 'ADVERTISE'] as const
export type VoicePurpose = (typeof VOICE_PURPOSES)[number]
export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const
export type Gender = (typeof GENDERS)[number]
export const REGIONS = ['NORTH', 'CENTRAL', 'SOUTH'] as const
export type Region = (typeof REGIONS)[number]

export const BANNER_POSITIONS = [
  'TOP_LEFT',
  'TOP_CENTER',
  'TOP_RIGHT',
  'MIDDLE_LEFT',
  'MIDDLE_CENTER',
  'MIDDLE_RIGHT',
  'BOTTOM_LEFT',
  'BOTTOM_CENTER',
  'BOTTOM_RIGHT',
] as const
export type BannerPosition = (typeof BANNER_POSITIONS)[number]
export const LANDING_PAGE_POPUP_BANNER_TYPE = 'LANDING_PAGE_POPUP'

export const BILLING_CYCLES = ['monthly', 'quarterly', 'yearly'] as const
export type BillingCycle = (typeof BILLING_CYCLES)[number]
export const PACKAGE_FAMILIES = [
  'TRIAL',
  'BASIC',
  'ADVANCE',
  'PRO',
  'ENTERPRISE',
  'PROFESSIONAL',
  'STANDARD',
  'CUSTOM',
  'VIP',
  'SPECIAL',
  'DUBBING-BASIC',
  'DUBBING-TRIAL',
] as const
export type PackageFamily = (typeof PACKAGE_FAMILIES)[number]
export const ORDER_TYPES = ['STUDIO', 'API', 'DUBBING', 'CALL'] as const
export type OrderType = (typeof ORDER_TYPES)[number]
export const ORDER_STATUSES = ['PAID'] as const
export const PACKAGE_KINDS = ['AUTO_RENEW', 'PREPAID'] as const
export type PackageKind = (typeof PACKAGE_KINDS)[number]
export const PLAN_RESOURCE_KINDS = ['credits', 'devices', 'voiceClonings'] as const
export const PLAN_CHANGE_KINDS = ['same_level', 'upgrade', 'downgrade'] as const
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number]

export const FREE_OR_TRIAL_PACKAGE_CODES = [
  'STUDIO-TRIAL',
  'STUDIO-BASIC',
  'STUDIO-FREE',
  'DUBBING-BASIC',
  'DUBBING-TRIAL',
  'STUDIO-FREE-V2',
  'STUDIO-FREE-V3',
] as const
export const BUSINESS_PACKAGE_CODES = ['STUDIO-BUSINESS', 'API-BUSINESS', 'API-BUSINESS-V3.1'] as const
export const API_ENTERPRISE_YEAR_CODE = 'API-ENTERPRISE-YEAR-V2'

/** The twelve feature flags of spec §4. */
export const FEATURE_FLAGS = [
  'header-banner',
  'discount-for-first-paid-user',
  'home-page-ai-voice',
  'datasenses',
  'fake-time-voucher',
  'chatbot',
  'new-contact-support',
  'tracking-gtm-v2',
  'survey-response',
  'slider-credits',
  'new-rule-get-best-voucher',
  'introduce-voice-cloning',
] as const
export type FeatureFlagKey = (typeof FEATURE_FLAGS)[number]

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'tiktok', 'zalo', 'messenger'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

export const SYNTHESIS_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILURE', 'CANCELLED'] as const
export type SynthesisStatus = (typeof SYNTHESIS_STATUSES)[number]
