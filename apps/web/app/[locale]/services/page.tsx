import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SERVICE_TILES, type ServiceTile } from '@loa/contracts/browser'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { PageFrame } from '@/components/shell/PageFrame'
import { SignUpButton } from '@/components/auth/SignUpButton'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string }> }

const TARGET: Record<ServiceTile, string> = {
  TTS: ROUTES.studioTts,
  API: ROUTES.consoleApps,
  DUBBING: ROUTES.studioDubbing,
}

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.services, 'servicesTitle')

/** Service select: a signed-in user picks a service and goes there (signed out: through SSO first). */
export default async function ServicesPage({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale })
  return (
    <PageFrame locale={locale} path={ROUTES.services}>
      <section className="section" aria-labelledby="services-page-title">
        <div className="container">
          <h1 id="services-page-title">{t('servicesPage.title')}</h1>
          <p className="lead">{t('servicesPage.subtitle')}</p>
          <ul className="tiles">
            {SERVICE_TILES.map((tile) => (
              <li key={tile} className="tile" data-service={tile}>
                <h2>{t(`services.${tile}.title`)}</h2>
                <p>{t(`services.${tile}.description`)}</p>
                <SignUpButton place="services" to={TARGET[tile]}>
                  {t('servicesPage.open', { name: t(`services.${tile}.title`) })}
                </SignUpButton>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </PageFrame>
  )
}
