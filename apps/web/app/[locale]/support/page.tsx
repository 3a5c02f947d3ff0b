import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { getWebConfig } from '@/lib/config'
import { PageFrame } from '@/components/shell/PageFrame'
import { SupportForm } from '@/components/support/SupportForm'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.support, 'supportTitle')

export default async function SupportPage({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'support' })
  const { contact } = getWebConfig().public
  return (
    <PageFrame locale={locale} path={ROUTES.support}>
      <section className="section" aria-labelledby="support-title">
        <div className="container narrow">
          <h1 id="support-title">{t('title')}</h1>
          <p className="lead">{t('subtitle')}</p>
          <SupportForm />
          <p className="muted">{t('hotline', { phone: contact.hotline })}</p>
        </div>
      </section>
    </PageFrame>
  )
}
