import { getTranslations } from 'next-intl/server'

type ShellKey = 'studio' | 'textToSpeech' | 'dubbing' | 'payments' | 'apiConsole'

/** Heading of a signed-in page whose content the studio/console work fills in (issue 9). */
export async function ShellPage({ locale, titleKey }: { locale: string; titleKey: ShellKey }) {
  const t = await getTranslations({ locale, namespace: 'shell' })
  return (
    <section aria-labelledby="shell-title">
      <h1 id="shell-title">{t(titleKey)}</h1>
      <p className="muted">{t('comingSoon')}</p>
    </section>
  )
}
