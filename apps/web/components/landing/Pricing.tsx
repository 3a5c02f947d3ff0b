import { getTranslations } from 'next-intl/server'
import type { UsagePackage } from '@/lib/api/types'
import { SignUpButton } from '@/components/auth/SignUpButton'
import { ROUTES } from '@/lib/routes'

const cycleOf = (p: UsagePackage): 'monthly' | 'quarterly' | 'yearly' | undefined => {
  const raw = (p.billingCycle ?? p.cycle ?? '').toLowerCase()
  if (raw.startsWith('month')) return 'monthly'
  if (raw.startsWith('quarter')) return 'quarterly'
  if (raw.startsWith('year') || raw.startsWith('annual')) return 'yearly'
  return undefined
}

/**
 * Pricing from `GET /packages?active=true&purchasable=true&is_landing_page=true&locale=…` (server-rendered, texts in
 * the page's language). Each card lists its characters and devices (generated, pluralized) and then the package's
 * own highlights, each once; nothing the product does not offer (no voice cloning).
 */
export async function Pricing({ locale, packages }: { locale: string; packages: UsagePackage[] }) {
  const t = await getTranslations({ locale, namespace: 'pricing' })
  const tc = await getTranslations({ locale, namespace: 'checkout' })
  const money = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
  })
  const count = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN')
  return (
    <section id="pricing" className="section" aria-labelledby="pricing-title">
      <div className="container">
        <h2 id="pricing-title">{t('title')}</h2>
        <p className="lead">{t('subtitle')}</p>
        {packages.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <ul className="plans">
            {packages.map((p) => {
              const cycle = cycleOf(p)
              const name = p.name ?? p.code
              return (
                <li key={p.id ?? p.code} className="plan" data-code={p.code}>
                  <h3>{name}</h3>
                  {p.description && <p className="muted">{p.description}</p>}
                  <p className="plan-price">
                    {p.price > 0 ? money.format(p.price) : t('free')}
                    {p.price > 0 && cycle && <span className="muted">{t(`cycles.${cycle}`)}</span>}
                  </p>
                  {p.price > 0 && p.vatPercent !== undefined && p.priceWithVat !== undefined && (
                    // Whether VAT is included, and the total checkout will show (issue 28).
                    <p className="muted plan-vat" data-testid="plan-vat">
                      {p.vatPercent > 0
                        ? tc('vatExcluded', { percent: p.vatPercent, total: money.format(p.priceWithVat) })
                        : tc('vatIncluded')}
                    </p>
                  )}
                  <ul className="plan-features">
                    {typeof p.credits === 'number' &&
                      (p.type === 'DUBBING' ? (
                        // Dubbing credits are seconds.
                        <li>{t('dubbingMinutes', { count: Math.floor(p.credits / 60) })}</li>
                      ) : (
                        <li>{t('credits', { count: count.format(p.credits) })}</li>
                      ))}
                    {typeof p.devices === 'number' && p.devices > 0 && (
                      <li>{t('devices', { count: p.devices })}</li>
                    )}
                    {[...new Set(p.highlights ?? [])].map((h) => (
                      <li key={h}>{h}</li>
                    ))}
                  </ul>
                  <SignUpButton
                    place="pricing"
                    to={`${ROUTES.studioPayments}?package=${encodeURIComponent(p.code)}`}
                    className="btn btn-outline plan-choose"
                  >
                    {t('choose', { name })}
                  </SignUpButton>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </section>
  )
}
