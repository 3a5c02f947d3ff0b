import { NextResponse, type NextRequest } from 'next/server'
import { getWebConfig, isDevServer } from '@/lib/config'
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
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('content-security-policy', policy)
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value)
  return response
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|robots.txt|sitemap.xml|images/).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
}
