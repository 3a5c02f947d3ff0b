/** Ports and URLs of the product under test (overridable: E2E_WEB_PORT, …). */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)

const web = port('E2E_WEB_PORT', 3610)
const api = port('E2E_API_PORT', 4610)
const sso = port('E2E_SSO_PORT', 4710)
const flags = port('E2E_FLAGS_PORT', 4810)
/** Serves the stand-in for Google's signing keys (started by the One Tap spec; the SSO fetches it on use). */
const googleJwks = port('E2E_GOOGLE_JWKS_PORT', 4820)

export const E2E = {
  webPort: web,
  apiPort: api,
  ssoPort: sso,
  flagsPort: flags,
  webUrl: `http://localhost:${web}`,
  /** Same server, another host name: not the production landing domain (noindex). */
  webUrlOtherHost: `http://127.0.0.1:${web}`,
  apiUrl: `http://localhost:${api}`,
  ssoUrl: `http://localhost:${sso}`,
  flagsUrl: `http://localhost:${flags}`,
  /** Google sign-in is configured (the web loads Google's client script; the SSO accepts One Tap tokens for it). */
  googleClientId: 'loa-e2e.apps.googleusercontent.com',
  googleJwksPort: googleJwks,
  googleJwksUrl: `http://127.0.0.1:${googleJwks}/oauth2/v3/certs`,
  flagsAdminKey: process.env.E2E_FLAGS_ADMIN_KEY ?? 'e2e-flags-operator-key-0123456789',
  landingDomain: 'localhost',
  supportPhone: '1900 1234 56',
  chatLink: 'https://zalo.me/loa-e2e',
  gtmId: 'GTM-E2ETEST',
  /** A container URL with nothing behind it: the script fails to load and the page must not care. */
  gtmServerContainerUrl: `http://localhost:${api}/gtm-container-missing`,
  social: {
    facebook: 'https://www.facebook.com/loa.e2e',
    instagram: 'https://www.instagram.com/loa.e2e',
    youtube: 'https://www.youtube.com/@loa.e2e',
    tiktok: 'https://www.tiktok.com/@loa.e2e',
    zalo: 'https://zalo.me/loa.e2e',
    messenger: 'https://m.me/loa.e2e',
  },
  contactPhone: '024 1111 2222',
  hotline: '1900 1234 56',
} as const

/** The environment both the backend and the web server get. */
export const productEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  NEXT_TELEMETRY_DISABLED: '1',
  // No voice repository in the tests: the eSpeak voices only (a neural voice is installed by its own tests).
  LOA_DEFAULT_VOICES: 'none',
  LOG_LEVEL: 'warn',
  WEB_PORT: String(E2E.webPort),
  API_PORT: String(E2E.apiPort),
  SSO_PORT: String(E2E.ssoPort),
  FLAGS_PORT: String(E2E.flagsPort),
  WEB_PUBLIC_URL: E2E.webUrl,
  API_PUBLIC_URL: E2E.apiUrl,
  SSO_PUBLIC_URL: E2E.ssoUrl,
  FLAGS_PUBLIC_URL: E2E.flagsUrl,
  FLAGS_ADMIN_KEY: E2E.flagsAdminKey,
  LANDING_DOMAIN: E2E.landingDomain,
  SUPPORT_PHONE: E2E.supportPhone,
  SUPPORT_CHAT_LINK: E2E.chatLink,
  CONTACT_PHONE: E2E.contactPhone,
  CONTACT_HOTLINE: E2E.hotline,
  GTM_ID: E2E.gtmId,
  GOOGLE_CLIENT_ID: E2E.googleClientId,
  GOOGLE_JWKS_URL: E2E.googleJwksUrl,
  GTM_SERVER_CONTAINER_URL: E2E.gtmServerContainerUrl,
  SOCIAL_FACEBOOK_URL: E2E.social.facebook,
  SOCIAL_INSTAGRAM_URL: E2E.social.instagram,
  SOCIAL_YOUTUBE_URL: E2E.social.youtube,
  SOCIAL_TIKTOK_URL: E2E.social.tiktok,
  SOCIAL_ZALO_URL: E2E.social.zalo,
  SOCIAL_MESSENGER_URL: E2E.social.messenger,
  // Forms are exercised many times by the tests.
  API_RATE_LIMIT_FORMS: '1000',
  API_RATE_LIMIT_PUBLIC_WRITES: '1000',
  // Callbacks of the developer API may go to receivers the tests serve on the loopback address.
  CALLBACK_ALLOW_HOSTS: '127.0.0.1',
})
