/**
 * Namespaces the client components read. The root layout sends the site's to every page (landing, support,
 * services, legal pages, 404); the signed-in areas (studio, console, back-office) add theirs in their own layouts
 * (`AppMessages`), so the landing's HTML does not carry the whole product's strings.
 */
export const SITE_NAMESPACES = [
  'nav',
  'voices',
  'tryIt',
  'contact',
  'widget',
  'popup',
  'toast',
  'auth',
  'errors',
  'support',
  'shell',
  'payments',
  // the design system's own strings (components/ui)
  'ui',
] as const

/** The signed-in areas' namespaces (studio, console, back-office). */
export const APP_NAMESPACES = [
  'studio',
  'neuralVoices',
  'console',
  'devConsole',
  'checkout',
  'admin',
  'dubbing',
  'callPrompts',
] as const

/** Every namespace the browser may read. */
export const CLIENT_NAMESPACES = [...SITE_NAMESPACES, ...APP_NAMESPACES] as const
