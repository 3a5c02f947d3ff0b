import type { BannerPosition, Gender, Region, VoicePurpose } from '@loa/contracts/browser'

export interface ApiEnvelope<T> {
  status: number
  result?: T
  errorCode?: string
  errorMessage?: string
}

export interface Voice {
  code: string
  name: string
  gender: Gender
  region?: Region
  languageCode?: string
  features?: VoicePurpose[] | string[]
  /** The tier: BASIC (eSpeak), NEURAL, PREMIUM. */
  level?: string
  /** Multiplies the characters billed with this voice (1 = as counted). */
  creditFactor?: number
  sampleAudioUrl?: string | null
  audioLink?: string | null
  demo?: string
  avatarUrl?: string | null
  hasDubbing?: boolean
  rank?: number
}

export interface VoiceQuery {
  search?: string
  languageCode?: string
  gender?: Gender
  features?: string
  level?: string
  offset?: number
  limit?: number
  active?: boolean
  isSample?: boolean
  sort?: string
  hasDubbing?: boolean
  code?: string
  /** Spec §7: only these wire keys of each voice, comma-separated (`code,name,sample_audio_url`). */
  fields?: string
  /** Spec §7: voices of one provider. */
  provider?: string
  /** Spec §7: global (true) or local (false) voices only. */
  global?: boolean
}

export interface UsagePackage {
  id?: string
  code: string
  name?: string
  family?: string
  type?: string
  cycle?: string
  billingCycle?: string
  price: number
  originalPrice?: number
  credits?: number
  devices?: number
  voiceClonings?: number
  kind?: string
  description?: string
  highlights?: string[]
  rank?: number
  /** VAT checkout adds (percent) and the price with it: what a card tells the buyer to expect (issue 28). */
  vatPercent?: number
  priceWithVat?: number
}

export interface NewsPost {
  id?: string
  slug?: string
  title: string
  summary?: string
  excerpt?: string
  thumbnailUrl?: string | null
  imageUrl?: string
  content?: string
  url?: string
  link?: string
  publishedAt?: string
  createdAt?: string
  /** Language of the post (the API falls back to Vietnamese posts when a language has none). */
  locale?: string
}

export interface Banner {
  id?: string
  code?: string
  /** Last edit of the banner (the same in every language). */
  updatedAt?: string
  type: string
  imageUrl: string
  actionUrl?: string | null
  position?: BannerPosition | null
}

export interface ContactForm {
  name: string
  email: string
  phoneNumber: string
  purpose: string
  content: string
}

export interface DemoEvent {
  fingerprint: string
  voiceCode: string
  duration: number
  click: number
}

export interface PresignedUpload {
  url: string
  key?: string
  path?: string
  fileUrl?: string
  method?: string
  contentType?: string
  maxBytes?: number
  headers?: Record<string, string>
}

/** One developer-API app of the signed-in user (the console), camelized from the API's snake_case. */
export interface ApiApp {
  appId: string
  name: string
  tokenPrefix: string
  /** When the current token stops working (ISO); null = it never expires. */
  tokenExpiresAt: string | null
  /** Until when the token replaced by the last rotation still works (ISO); null = no such token any more. */
  previousTokenExpiresAt: string | null
  callbackUrl: string | null
  callbackSecret: string
  maxConcurrent: number
  requestsPerMinute: number
  requestsCount: number
  charactersCount: number
  lastUsedAt: string | null
  revoked: boolean
  revokedAt: string | null
  createdAt: string
}

/** A token lifetime in days offered at creation and rotation; null = never expires. */
export type TokenLifetimeDays = 7 | 30 | 60 | 90 | null

/** The answer of creating an app or rotating its token: the app and its new token (shown this once). */
export interface ApiAppWithToken {
  app: ApiApp
  token: string
}
