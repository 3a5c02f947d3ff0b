/**
 * The web app's only reader of `process.env` (server side). Parsed once per process with zod; the public part is
 * handed to client components as props at request time, so one build runs anywhere (no NEXT_PUBLIC_ inlining).
 */
import { z } from 'zod'
import { SOCIAL_NETWORKS, type SocialNetwork } from '@loa/contracts/browser'

const url = z.string().url()
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))

const EnvSchema = z.object({
  WEB_PORT: z.coerce.number().int().positive().default(3000),
  API_PORT: z.coerce.number().int().positive().default(4000),
  SSO_PORT: z.coerce.number().int().positive().default(4100),
  FLAGS_PORT: z.coerce.number().int().positive().default(4200),
  WEB_PUBLIC_URL: url.optional(),
  API_PUBLIC_URL: url.optional(),
  SSO_PUBLIC_URL: url.optional(),
  FLAGS_PUBLIC_URL: url.optional(),
  /** Server-to-server base URLs when the public ones are not reachable from the web server (scale mode). */
  API_INTERNAL_URL: url.optional(),
  FLAGS_INTERNAL_URL: url.optional(),
  WEB_SSO_CLIENT_ID: z.string().min(1).default('loa-web'),
  WEB_FLAGS_CLIENT_KEY: z.string().min(1).default('sdk-loa-web'),
  /** The production landing host; any other host gets `noindex`. */
  LANDING_DOMAIN: z.string().min(1).default('loa.vn'),
  MEDIA_CDN_URL: url.optional(),
  MY_ACCOUNT_URL: url.optional(),
  SUPPORT_PHONE: z.string().min(3).default('1900 636 999'),
  SUPPORT_CHAT_LINK: url.default('https://zalo.me/loa.vn'),
  SUPPORT_CHAT_EMBED_URL: url.optional(),
  CONTACT_ADDRESS_VI: z
    .string()
    .min(1)
    .default('Tầng 8, số 1 Phạm Văn Bạch, phường Yên Hòa, quận Cầu Giấy, Hà Nội'),
  CONTACT_ADDRESS_EN: z
    .string()
    .min(1)
    .default('8th floor, 1 Pham Van Bach, Yen Hoa ward, Cau Giay district, Hanoi'),
  CONTACT_STREET_ADDRESS: z.string().min(1).default('1 Phạm Văn Bạch, Cầu Giấy'),
  CONTACT_EMAIL: z.string().email().default('support@loa.vn'),
  CONTACT_PHONE: z.string().min(3).default('024 3999 6868'),
  CONTACT_HOTLINE: z.string().min(3).default('1900 636 999'),
  SALES_EMAIL: z.string().email().default('sales@loa.vn'),
  SALES_PHONE: z.string().min(3).default('0901 234 567'),
  SOCIAL_FACEBOOK_URL: url.default('https://www.facebook.com/loa.vn'),
  SOCIAL_INSTAGRAM_URL: url.default('https://www.instagram.com/loa.vn'),
  SOCIAL_YOUTUBE_URL: url.default('https://www.youtube.com/@loa.vn'),
  SOCIAL_TIKTOK_URL: url.default('https://www.tiktok.com/@loa.vn'),
  SOCIAL_ZALO_URL: url.default('https://zalo.me/loa.vn'),
  SOCIAL_MESSENGER_URL: url.default('https://m.me/loa.vn'),
  APP_STORE_ID: z.string().min(1).default('6443881000'),
  GOOGLE_CLIENT_ID: optionalText,
  /** Where the One Tap user is read with the Google ID token (Google's `https://oauth2.googleapis.com/tokeninfo`). */
  GOOGLE_TOKEN_INFO_URL: url.optional(),
  /** The spec's `{ai-site}` base of the contact and news calls (a separate marketing site); default: the API. */
  AI_SITE_URL: url.optional(),
  GTM_ID: optionalText,
  GTM_SERVER_CONTAINER_URL: url.optional(),
  ANALYTICS_TAG_ID: optionalText,
})

export interface ContactInfo {
  addressVi: string
  addressEn: string
  streetAddress: string
  email: string
  phone: string
  hotline: string
  salesEmail: string
  salesPhone: string
}

/** Everything a browser may see. Passed to client components as a prop. */
export interface PublicConfig {
  webUrl: string
  apiUrl: string
  ssoUrl: string
  flagsUrl: string
  clientId: string
  flagsClientKey: string
  landingDomain: string
  cdnUrl: string
  myAccountUrl?: string
  supportPhone: string
  chatLink: string
  chatEmbedUrl: string
  contact: ContactInfo
  social: Record<SocialNetwork, string>
  appStoreId: string
  googleClientId?: string
  /** Token-info endpoint for the One Tap user (default: our SSO's Google-compatible `/tokeninfo`). */
  googleTokenInfoUrl: string
  /** `{ai-site}`: base of `POST /api/v1/contacts` and `GET /api/v1/news` (spec §7). */
  aiSiteUrl: string
  gtmId?: string
  gtmServerContainerUrl?: string
  analyticsTagId?: string
}

export interface ServerConfig {
  public: PublicConfig
  apiInternalUrl: string
  flagsInternalUrl: string
  /** `{ai-site}` as the web server reaches it (AI_SITE_URL, else the API's internal address). */
  aiSiteInternalUrl: string
}

const trimSlash = (value: string): string => value.replace(/\/+$/, '')

export const parseWebConfig = (env: Record<string, string | undefined>): ServerConfig => {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid web configuration: ${issues}`)
  }
  const e = parsed.data
  const local = (port: number) => `http://localhost:${port}`
  const webUrl = trimSlash(e.WEB_PUBLIC_URL ?? local(e.WEB_PORT))
  const apiUrl = trimSlash(e.API_PUBLIC_URL ?? local(e.API_PORT))
  const ssoUrl = trimSlash(e.SSO_PUBLIC_URL ?? local(e.SSO_PORT))
  const flagsUrl = trimSlash(e.FLAGS_PUBLIC_URL ?? local(e.FLAGS_PORT))
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [n, e[`SOCIAL_${n.toUpperCase()}_URL` as keyof typeof e] as string]),
  ) as Record<SocialNetwork, string>
  return {
    apiInternalUrl: trimSlash(e.API_INTERNAL_URL ?? apiUrl),
    flagsInternalUrl: trimSlash(e.FLAGS_INTERNAL_URL ?? flagsUrl),
    aiSiteInternalUrl: trimSlash(e.AI_SITE_URL ?? e.API_INTERNAL_URL ?? apiUrl),
    public: {
      webUrl,
      apiUrl,
      ssoUrl,
      flagsUrl,
      clientId: e.WEB_SSO_CLIENT_ID,
      flagsClientKey: e.WEB_FLAGS_CLIENT_KEY,
      landingDomain: e.LANDING_DOMAIN,
      // Seeded media paths (`/images/...`) are files of the web app itself unless a CDN is configured.
      cdnUrl: trimSlash(e.MEDIA_CDN_URL ?? webUrl),
      myAccountUrl: e.MY_ACCOUNT_URL,
      supportPhone: e.SUPPORT_PHONE,
      chatLink: e.SUPPORT_CHAT_LINK,
      chatEmbedUrl: e.SUPPORT_CHAT_EMBED_URL ?? `${webUrl}/support`,
      contact: {
        addressVi: e.CONTACT_ADDRESS_VI,
        addressEn: e.CONTACT_ADDRESS_EN,
        streetAddress: e.CONTACT_STREET_ADDRESS,
        email: e.CONTACT_EMAIL,
        phone: e.CONTACT_PHONE,
        hotline: e.CONTACT_HOTLINE,
        salesEmail: e.SALES_EMAIL,
        salesPhone: e.SALES_PHONE,
      },
      social,
      appStoreId: e.APP_STORE_ID,
      googleClientId: e.GOOGLE_CLIENT_ID,
      googleTokenInfoUrl: e.GOOGLE_TOKEN_INFO_URL ?? `${ssoUrl}/tokeninfo`,
      aiSiteUrl: trimSlash(e.AI_SITE_URL ?? apiUrl),
      gtmId: e.GTM_ID,
      gtmServerContainerUrl: e.GTM_SERVER_CONTAINER_URL,
      analyticsTagId: e.ANALYTICS_TAG_ID,
    },
  }
}

/** `next dev` (its client needs `eval` for fast refresh; the CSP allows it there only). */
export const isDevServer = process.env.NODE_ENV !== 'production'

/** The site's route patterns, inlined at build time by next.config (`env`); empty under `next dev`. */
export const appRoutes: readonly string[] = (process.env.LOA_APP_ROUTES ?? '').split(' ').filter(Boolean)

let cached: ServerConfig | undefined

/** Read at request time on the server (never inlined at build time). */
export const getWebConfig = (): ServerConfig => {
  cached ??= parseWebConfig(process.env)
  return cached
}
