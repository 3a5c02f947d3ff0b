import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'
import { IMAGE_WIDTHS } from '@loa/contracts'

const withNextIntl = createNextIntlPlugin('./i18n/request.ts')

const nextConfig: NextConfig = {
  // A separate output folder lets a developer build beside a running `next start` (default `.next`).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ['@loa/contracts', '@loa/sso-client'],
  images: {
    deviceSizes: [...IMAGE_WIDTHS],
    imageSizes: [64, 128, 256, 384],
    // WebP only: AVIF encoding is several times slower on the server for little gain here.
    formats: ['image/webp'],
    // 60 for the hero (the landing's LCP element on mobile), 75 (Next's default) elsewhere.
    qualities: [60, 75],
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
  async redirects() {
    return [
      { source: '/vi', destination: '/', permanent: false },
      { source: '/vi/:path*', destination: '/:path*', permanent: false },
    ]
  },
}

export default withNextIntl(nextConfig)
