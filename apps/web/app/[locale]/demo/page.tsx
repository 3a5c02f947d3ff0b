import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { PageFrame } from '@/components/shell/PageFrame'
import { loadSampleVoices } from '@/components/landing/LandingPage'
import { VoiceSamples } from '@/components/voices/VoiceSamples'
import { TryIt } from '@/components/voices/TryIt'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.demo, 'demoTitle')

/** Demo page: samples and try-it, without the care widget and the popup banner. */
export default async function DemoPage({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const [t, voices] = await Promise.all([getTranslations({ locale }), loadSampleVoices()])
  return (
    <PageFrame locale={locale} path={ROUTES.demo}>
      <section className="section" aria-labelledby="demo-title">
        <div className="container">
          <h1 id="demo-title">{t('demo.title')}</h1>
          <p className="lead">{t('demo.subtitle')}</p>
          <TryIt voices={voices.all} />
          <h2>{t('voices.title')}</h2>
          <VoiceSamples groups={voices.groups} failed={voices.failed} />
        </div>
      </section>
    </PageFrame>
  )
}
