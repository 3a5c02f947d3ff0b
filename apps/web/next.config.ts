import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'
import { IMAGE_WIDTHS } from '@loa/contracts/browser'
import path from 'node:path'
import { SECURITY_HEADERS } from './lib/security/csp'
import { listAppRoutes } from './lib/routing/list-app-routes'

const withNextIntl = createNextIntlPlugin('./i18n/request.ts')

const nextConfig: NextConfig = {
  // A separate output folder lets a developer build beside a running `next start` (default `.next`).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  experimental: {
    // The stylesheet goes into the HTML: the first paint waits for no request (the landing's LCP is its heading).
    inlineCss: true,
  },
  poweredByHeader: false,
  // The site's addresses, listed from the folders at build time: proxy.ts answers any other one with the localized
  // 404 page rendered on the server (lib/routing/app-routes.ts says why).
  env: { LOA_APP_ROUTES: listAppRoutes(path.join(process.cwd(), 'app', '[locale]')).join(' ') },
  transpilePackages: ['@loa/contracts', '@loa/sso-client'],
  images: {
    deviceSizes: [...IMAGE_WIDTHS],
    imageSizes: [64, 128, 256, 384],
    // WebP only: AVIF encoding is several times slower on the server for little gain here.
    formats: ['image/webp'],
  },
  /**
   * Locale routing without middleware: Vietnamese (default) has no prefix and is served internally from `/vi/...`;
   * English lives under `/en`. (Next 16 proxies absolute middleware rewrites whose origin differs from the request's,
   * which loops behind 127.0.0.1 or a reverse proxy; config rewrites stay internal.)
   */
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/', destination: '/vi' },
        { source: '/:path((?!en$|en/|vi$|vi/|_next/|api/)[^.]*)', destination: '/vi/:path' },
      ],
      afterFiles: [],
      fallback: [],
    }
  },
  /** Every answer, static files included (pages also get their CSP from proxy.ts). */
  async headers() {
    return [
      {
        source: '/:path*',
        headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ]
  },
  async redirects() {
    return [
      { source: '/vi', destination: '/', permanent: false },
      { source: '/vi/:path*', destination: '/:path*', permanent: false },
      // The console has no overview of its own: it starts at the developer's apps.
      { source: '/console', destination: '/console/apps', permanent: false },
      { source: '/en/console', destination: '/en/console/apps', permanent: false },
    ]
  },
}

export default withNextIntl(nextConfig)
