import { getTranslations } from 'next-intl/server'
import { SOCIAL_NETWORKS } from '@loa/contracts/browser'
import type { PublicConfig } from '@/lib/config'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** Footer: contact info for sales and support (address in the page language) and the six social links. */
export async function Footer({ locale, config }: { locale: string; config: PublicConfig }) {
  const [t, legal] = await Promise.all([
    getTranslations({ locale, namespace: 'footer' }),
    getTranslations({ locale, namespace: 'legal' }),
  ])
  const prefix = locale === 'en' ? '/en' : ''
  const { contact, social } = config
  return (
    <footer className="site-footer" id="footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">Loa</p>
          <p>{t('about')}</p>
        </div>
        <address className="footer-contact">
          <p>
            <strong>{t('address')}: </strong>
            <span data-testid="contact-address">
              {locale === 'en' ? contact.addressEn : contact.addressVi}
            </span>
          </p>
          <p>
            <strong>
              {t('support')} – {t('email')}:{' '}
            </strong>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
          <p>
            <strong>{t('phone')}: </strong>
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          </p>
          <p>
            <strong>{t('hotline')}: </strong>
            <a href={telHref(contact.hotline)}>{contact.hotline}</a>
          </p>
          <p>
            <strong>{t('sales')}: </strong>
            <a href={`mailto:${contact.salesEmail}`}>{contact.salesEmail}</a> ·{' '}
            <a href={telHref(contact.salesPhone)}>{contact.salesPhone}</a>
          </p>
        </address>
        <nav aria-label={t('social')}>
          <ul className="social-links">
            {SOCIAL_NETWORKS.map((network) => (
              <li key={network}>
                <a href={social[network]} target="_blank" rel="noopener noreferrer" data-network={network}>
                  {t(`networks.${network}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container copyright">
        {t('rights', { year: new Date().getFullYear() })} ·{' '}
        <a href={`${prefix}/terms`}>{legal('terms.title')}</a> ·{' '}
        <a href={`${prefix}/privacy`}>{legal('privacy.title')}</a> ·{' '}
        <a href={`${prefix}/docs`}>{legal('docs')}</a>
      </p>
    </footer>
  )
}
