import { getTranslations } from 'next-intl/server'
import { SignUpButton } from '@/components/auth/SignUpButton'

export async function UsingMethod({ locale }: { locale: string }) {
  const t = await getTranslations({ locale })
  const steps = ['1', '2', '3'] as const
  return (
    <section id="how" className="section section-alt" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title">{t('steps.title')}</h2>
        <ol className="steps">
          {steps.map((step) => (
            <li key={step} className="step">
              <span className="step-number" aria-hidden="true">
                {step}
              </span>
              <h3>{t(`steps.items.${step}.title`)}</h3>
              <p>{t(`steps.items.${step}.description`)}</p>
            </li>
          ))}
        </ol>
        <div className="cta-row center">
          <SignUpButton place="steps">{t('nav.signUp')}</SignUpButton>
          <SignUpButton place="steps" className="btn btn-outline">
            {t('nav.tryFree')}
          </SignUpButton>
        </div>
      </div>
    </section>
  )
}
