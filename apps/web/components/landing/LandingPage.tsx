import { getTranslations } from 'next-intl/server'
import { getWebConfig } from '@/lib/config'
import { getServerApi } from '@/lib/api/server'
import { mediaUrl } from '@/lib/media'
import { GENDERS, REGIONS, type Region } from '@loa/contracts/browser'
import { groupVoicesByPurpose, SAMPLE_VOICE_FIELDS, type TryItVoice } from '@/lib/voices'
import type { Voice } from '@/lib/api/types'
import { pickList } from '@/lib/api/endpoints'
import { cachedLandingRead } from '@/lib/api/landing-cache'
import { bestFirst } from '@/lib/studio/best-voice'
import { Header } from './Header'
import { Hero } from './Hero'
import { ServiceTiles } from './ServiceTiles'
import { UsingMethod } from './UsingMethod'
import { Pricing } from './Pricing'
import { News } from './News'
import { Footer } from './Footer'
import { VoiceCategories } from '@/components/voices/VoiceCategories'
import { TryIt } from '@/components/voices/TryIt'
import { ContactForm } from '@/components/contact/ContactForm'
import { DEMO_TEXT_MAX } from '@/lib/api/demo-synthesis'

/** Loads the sample voices once for the voice categories and the try-it box. */
export const loadSampleVoices = async () => {
  const { public: config } = getWebConfig()
  const body = await getServerApi().getVoices({
    isSample: true,
    active: true,
    limit: 100,
    fields: SAMPLE_VOICE_FIELDS.join(','),
  })
  const voices = body.status === 1 ? pickList<Voice>(body.result, 'voices') : []
  const groups = groupVoicesByPurpose(voices, (path) => mediaUrl(path, config.cdnUrl))
  // The try-it box can use every voice, with or without a recorded sample; it starts on the best installed one.
  const all: TryItVoice[] = bestFirst(voices, voices).map((v) => ({
    code: v.code,
    name: v.name,
    region: (REGIONS as readonly string[]).includes(v.region ?? '') ? (v.region as Region) : 'NORTH',
    gender: (GENDERS as readonly string[]).includes(v.gender) ? v.gender : 'OTHER',
  }))
  return { groups, all, failed: body.status !== 1 }
}

/** The landing page: server-rendered sections with small client islands; catalogue reads kept 30 s (landing-cache). */
export async function LandingPage({ locale }: { locale: string }) {
  const { public: config } = getWebConfig()
  const api = getServerApi()
  const [voices, packages, news, t] = await Promise.all([
    cachedLandingRead('voices', loadSampleVoices, (v) => !v.failed),
    cachedLandingRead(
      `packages:${locale}`,
      () => api.getLandingPackages(locale),
      (p) => p.length > 0,
    ),
    cachedLandingRead(
      `news:${locale}`,
      () => api.getNews({ limit: 3, offset: 0, locale }),
      (n) => n.length > 0,
    ),
    getTranslations({ locale }),
  ])
  return (
    <>
      <Header locale={locale} />
      <main id="main">
        <Hero locale={locale} />
        <ServiceTiles locale={locale} />
        <VoiceCategories locale={locale} groups={voices.groups} failed={voices.failed} />
        <section id="try-it" className="section" aria-labelledby="try-it-title">
          <div className="container narrow">
            <h2 id="try-it-title">{t('tryIt.title')}</h2>
            <p className="lead">{t('tryIt.subtitle', { max: DEMO_TEXT_MAX })}</p>
            <TryIt voices={voices.all} />
          </div>
        </section>
        <UsingMethod locale={locale} />
        <Pricing locale={locale} packages={packages} />
        <News locale={locale} posts={news} config={config} />
        <section id="contact" className="section" aria-labelledby="contact-title">
          <div className="container narrow">
            <h2 id="contact-title">{t('contact.title')}</h2>
            <p className="lead">{t('contact.subtitle')}</p>
            <ContactForm />
          </div>
        </section>
      </main>
      <Footer locale={locale} config={config} />
    </>
  )
}
