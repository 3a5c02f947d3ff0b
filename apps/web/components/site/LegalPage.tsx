import { getTranslations } from 'next-intl/server'
import { PageFrame } from '@/components/shell/PageFrame'

/** When the terms and the privacy policy last changed (shown on both pages). */
const UPDATED = '2026-11-23'

interface Section {
  title: string
  body: string
}

/** The terms of use or the privacy policy (messages/legal), in the site's shell. */
export async function LegalPage({
  locale,
  kind,
  path,
}: {
  locale: string
  kind: 'terms' | 'privacy'
  path: string
}) {
  const t = await getTranslations({ locale, namespace: 'legal' })
  const sections = t.raw(`${kind}.sections`) as Section[]
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'vi-VN', { dateStyle: 'long' }).format(
    new Date(`${UPDATED}T00:00:00+07:00`),
  )
  return (
    <PageFrame locale={locale} path={path}>
      <article className="section legal-page" aria-labelledby="legal-title" data-testid={`legal-${kind}`}>
        <div className="container narrow">
          <h1 id="legal-title">{t(`${kind}.title`)}</h1>
          <p className="muted">{t('updated', { date })}</p>
          <p className="lead">{t(`${kind}.intro`)}</p>
          {sections.map((section, index) => (
            <section key={section.title} aria-labelledby={`legal-${index}`}>
              <h2 id={`legal-${index}`}>
                {index + 1}. {section.title}
              </h2>
              <p>{section.body}</p>
            </section>
          ))}
        </div>
      </article>
    </PageFrame>
  )
}
