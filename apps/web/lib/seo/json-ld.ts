import { OPENING_HOURS, PRICE_RANGE, SOCIAL_NETWORKS } from '@loa/contracts/browser'
import type { PublicConfig } from '../config'

/** LocalBusiness structured data of the page head (spec §2). */
export const localBusinessJsonLd = (config: PublicConfig, name: string, locale: string) => ({
  '@context': 'https://schema.org',
  '@type': 'LocalBusiness',
  name,
  url: locale === 'en' ? `${config.webUrl}/en` : config.webUrl,
  image: `${config.webUrl}/og-image.png`,
  telephone: config.contact.hotline,
  email: config.contact.email,
  priceRange: PRICE_RANGE,
  address: {
    '@type': 'PostalAddress',
    streetAddress: config.contact.streetAddress,
    addressLocality: 'Hanoi',
    addressRegion: 'Hanoi',
    addressCountry: 'VN',
  },
  openingHoursSpecification: [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [...OPENING_HOURS.days],
      opens: OPENING_HOURS.opens,
      closes: OPENING_HOURS.closes,
    },
  ],
  sameAs: SOCIAL_NETWORKS.map((n) => config.social[n]),
})

/** Safe to embed in a <script> element. */
export const serializeJsonLd = (data: unknown): string => JSON.stringify(data).replace(/</g, '\\u003c')
