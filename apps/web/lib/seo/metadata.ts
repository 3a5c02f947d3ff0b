import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { getTranslations } from 'next-intl/server'
import { DEFAULT_LOCALE } from '@loa/contracts/browser'
import { getWebConfig } from '../config'
import { isProductionHost, requestHost } from './host'

type TitleKey =
  | 'title'
  | 'demoTitle'
  | 'supportTitle'
  | 'servicesTitle'
  | 'studioTitle'
  | 'ttsTitle'
  | 'dubbingTitle'
  | 'callPromptsTitle'
  | 'paymentsTitle'
  | 'accountTitle'
  | 'consoleTitle'
  | 'termsTitle'
  | 'privacyTitle'
  | 'docsTitle'

/** `/` + path under the locale: Vietnamese has no prefix, English adds `/en`. */
export const localizedPath = (locale: string, path: string): string => {
  const clean = path === '/' ? '' : path
  return locale === DEFAULT_LOCALE ? clean || '/' : `/en${clean}`
}

/**
 * The page head of spec §2 for one route: translated title/description, smart app banner, share image,
 * canonical (`/en` for English, no prefix for Vietnamese), alternates (default and Vietnamese) and
 * `noindex` whenever the host is not the production landing domain.
 */
export const buildPageMetadata = async (
  locale: string,
  path: string,
  titleKey: TitleKey = 'title',
): Promise<Metadata> => {
  const { public: config } = getWebConfig()
  const t = await getTranslations({ locale, namespace: 'meta' })
  const host = requestHost(await headers())
  const indexable = isProductionHost(host, config.landingDomain)
  const base = config.webUrl
  const canonical = `${base}${localizedPath(locale, path)}`
  const title = t(titleKey)
  const description = t('description')
  const image = { url: `${base}/og-image.png`, width: 1200, height: 630, alt: t('ogAlt') }
  return {
    metadataBase: new URL(base),
    title,
    description,
    applicationName: 'Loa',
    alternates: {
      canonical,
      languages: {
        'x-default': `${base}${localizedPath(DEFAULT_LOCALE, path)}`,
        vi: `${base}${localizedPath('vi', path)}`,
      },
    },
    robots: indexable ? { index: true, follow: true } : { index: false, follow: false },
    itunes: { appId: config.appStoreId },
    openGraph: {
      type: 'website',
      siteName: 'Loa',
      title,
      description,
      url: canonical,
      locale: locale === 'en' ? 'en_US' : 'vi_VN',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image.url] },
    icons: { icon: '/icon.svg' },
  }
}
