/** The web routes (recorded in docs/decisions.md "Web routes"). Paths without the locale prefix. */
export const ROUTES = {
  home: '/',
  demo: '/demo',
  support: '/support',
  supportChat: '/support/chat',
  services: '/services',
  studio: '/studio',
  studioTts: '/studio/text-to-speech',
  studioDubbing: '/studio/dubbing',
  studioCallPrompts: '/studio/call-prompts',
  studioPayments: '/studio/payments',
  studioAccount: '/studio/account',
  consoleApps: '/console/apps',
  terms: '/terms',
  privacy: '/privacy',
  docs: '/docs',
  admin: '/admin',
} as const

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES]

/** Removes a leading `/en` (or `/vi`) locale segment. */
export const stripLocale = (pathname: string): string => {
  const stripped = pathname.replace(/^\/(en|vi)(?=\/|$)/, '')
  return stripped === '' ? '/' : stripped
}

/** The care widget and the popup banner are never shown on /demo. */
export const isDemoPath = (pathname: string): boolean => {
  const path = stripLocale(pathname)
  return path === ROUTES.demo || path.startsWith(`${ROUTES.demo}/`)
}

/** The landing pages (`/`, `/en`). */
export const isLandingPath = (pathname: string): boolean => stripLocale(pathname) === ROUTES.home

/**
 * The popup rule (docs/decisions.md): the spec excludes only /demo; the popup also never covers work in the signed-in
 * areas (studio, console, back-office) nor a short link on its way elsewhere. Every other public page may show it.
 */
export const showsPopupBanner = (pathname: string): boolean => {
  const path = stripLocale(pathname)
  const under = (base: string) => path === base || path.startsWith(`${base}/`)
  return !isDemoPath(pathname) && ![ROUTES.studio, '/console', ROUTES.admin, '/s'].some(under)
}

/** Absolute URL of a route for a locale (English adds `/en`). */
export const routeUrl = (webUrl: string, locale: string, path: string): string => {
  const prefix = locale === 'en' ? '/en' : ''
  const suffix = path === '/' ? '' : path
  return `${webUrl}${prefix}${suffix}` || `${webUrl}/`
}

/**
 * The care widget's chat frame: the product's own support page (the default SUPPORT_CHAT_EMBED_URL, `/support`)
 * opens as its chat-sized view in the page's language; another chat service's URL is used as configured.
 */
export const careChatUrl = (chatEmbedUrl: string, webUrl: string, locale: string): string =>
  chatEmbedUrl.replace(/\/+$/, '') === `${webUrl}${ROUTES.support}`
    ? routeUrl(webUrl, locale, ROUTES.supportChat)
    : chatEmbedUrl
