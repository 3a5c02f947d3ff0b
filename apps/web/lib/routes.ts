/** The web routes (recorded in docs/decisions.md "Web routes"). Paths without the locale prefix. */
export const ROUTES = {
  home: '/',
  demo: '/demo',
  support: '/support',
  services: '/services',
  studio: '/studio',
  studioTts: '/studio/text-to-speech',
  studioDubbing: '/studio/dubbing',
  studioPayments: '/studio/payments',
  consoleApps: '/console/apps',
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

/** Absolute URL of a route for a locale (English adds `/en`). */
export const routeUrl = (webUrl: string, locale: string, path: string): string => {
  const prefix = locale === 'en' ? '/en' : ''
  const suffix = path === '/' ? '' : path
  return `${webUrl}${prefix}${suffix}` || `${webUrl}/`
}
