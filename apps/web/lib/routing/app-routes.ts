/**
 * The site's own addresses, as route patterns without the locale (`/`, `/studio`, `/admin/users/[id]`).
 * next.config lists them from the `app/[locale]` folder at build time; proxy.ts answers any other address with the
 * localized 404 page rendered on the server (Next renders a `notFound()` thrown at request time as an empty
 * `<html id="__next_error__">` that only scripts fill in).
 */

/** Where the proxy sends unknown addresses (a real page, so the server renders it in the site's shell). */
export const NOT_FOUND_ROUTE = '/not-found-page'

/** Folders under `app/[locale]` that are not addresses of their own. */
const IGNORED_SEGMENTS = new Set(['[...rest]', NOT_FOUND_ROUTE.slice(1)])

export interface RouteFolder {
  /** The folder's path below `app/[locale]`, split into segments. */
  segments: string[]
  /** Whether it holds a `page.tsx` or a `route.ts`. */
  routable: boolean
}

/** Route groups `(name)` and private folders `_name` are not part of the address. */
const toPattern = (segments: string[]): string | null => {
  if (segments.some((s) => IGNORED_SEGMENTS.has(s) || s.startsWith('_') || s.startsWith('@'))) return null
  const visible = segments.filter((s) => !(s.startsWith('(') && s.endsWith(')')))
  return `/${visible.join('/')}`
}

/** The route patterns of the folders that hold a page or a route handler, sorted. */
export function routePatterns(folders: RouteFolder[]): string[] {
  const patterns = new Set<string>()
  for (const folder of folders) {
    if (!folder.routable) continue
    const pattern = toPattern(folder.segments)
    if (pattern !== null) patterns.add(pattern)
  }
  return [...patterns].sort()
}

const matchSegments = (pattern: string[], path: string[]): boolean => {
  const [head, ...rest] = pattern
  if (head === undefined) return path.length === 0
  if (head.startsWith('[[...')) return true
  if (head.startsWith('[...')) return path.length > 0
  if (path.length === 0) return false
  if (head.startsWith('[') || head === path[0]) return matchSegments(rest, path.slice(1))
  return false
}

/** Whether an address (without the locale prefix, already decoded) is one of the patterns. */
export function isKnownPath(pathname: string, patterns: readonly string[]): boolean {
  const path = pathname.split('/').filter(Boolean)
  return patterns.some((pattern) => matchSegments(pattern.split('/').filter(Boolean), path))
}

/** The page's locale and its address without the `/en` prefix (Vietnamese has none). */
export function splitLocale(pathname: string): { locale: 'vi' | 'en'; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/'))
    return { locale: 'en', path: pathname.slice(3) || '/' }
  return { locale: 'vi', path: pathname }
}
