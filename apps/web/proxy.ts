import { NextResponse, type NextRequest } from 'next/server'
import { appRoutes, getWebConfig, isDevServer } from '@/lib/config'
import { isKnownPath, NOT_FOUND_ROUTE, splitLocale } from '@/lib/routing/app-routes'
import { buildCsp, createNonce, SECURITY_HEADERS } from '@/lib/security/csp'

/**
 * Every page gets a fresh CSP nonce: it goes on the request (Next reads the policy from the request to put the
 * nonce on its own scripts; our server components read `x-nonce`) and the policy and security headers go on the
 * answer. Static files under /_next are the build's own and carry only the plain headers (next.config).
 */
export function proxy(request: NextRequest) {
  const nonce = createNonce()
  const policy = buildCsp(getWebConfig().public, nonce, { dev: isDevServer })
  const headers = new Headers(request.headers)
  headers.set('x-nonce', nonce)
  headers.set('content-security-policy', policy)
  const notFound = unknownDocumentAddress(request)
  let response: NextResponse
  if (notFound) {
    // The request's own URL object: same origin, so Next rewrites inside the server instead of proxying.
    const target = request.nextUrl.clone()
    target.pathname = `/${notFound.locale}${NOT_FOUND_ROUTE}`
    response = NextResponse.rewrite(target, { status: 404, request: { headers } })
  } else {
    response = NextResponse.next({ request: { headers } })
  }
  response.headers.set('content-security-policy', policy)
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value)
  return response
}

/**
 * A page request for an address the site does not have (files, `/_next/…` and `/api/…` pass; so do the router's
 * own RSC fetches, which render the not-found boundary in the browser). Off under `next dev`, where the route list
 * is the one of the server's start.
 */
function unknownDocumentAddress(request: NextRequest): { locale: 'vi' | 'en' } | null {
  if (isDevServer || appRoutes.length === 0) return null
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  if (request.headers.has('rsc')) return null
  const { pathname } = request.nextUrl
  if (pathname.includes('.') || pathname.startsWith('/_next/') || pathname.startsWith('/api/')) return null
  const { locale, path } = splitLocale(pathname)
  return isKnownPath(path, appRoutes) ? null : { locale }
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|robots.txt|sitemap.xml|images/).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
}
