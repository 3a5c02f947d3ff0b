import { getTranslations } from 'next-intl/server'
import type { VoicesByPurpose } from '@/lib/voices'
import { VoiceSamples } from './VoiceSamples'

export async function VoiceCategories({
  locale,
  groups,
  failed,
}: {
  locale: string
  groups: VoicesByPurpose
  failed: boolean
}) {
  const t = await getTranslations({ locale, namespace: 'voices' })
  return (
    <section id="voices" className="section section-alt" aria-labelledby="voices-title">
      <div className="container">
        <h2 id="voices-title">{t('title')}</h2>
        <p className="lead">{t('subtitle')}</p>
        <VoiceSamples groups={groups} failed={failed} />
      </div>
    </section>
  )
}
