import { getTranslations } from 'next-intl/server'
import { SignUpButton } from '@/components/auth/SignUpButton'
import { HeroArt } from './HeroArt'

export async function Hero({ locale }: { locale: string }) {
  const t = await getTranslations({ locale })
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div>
          <p className="eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="hero-title">{t('hero.title')}</h1>
          <p className="lead">{t('hero.subtitle')}</p>
          <div className="cta-row">
            <SignUpButton place="banner">{t('nav.tryFree')}</SignUpButton>
            <SignUpButton place="banner" className="btn btn-outline">
              {t('nav.signUp')}
            </SignUpButton>
          </div>
        </div>
        <HeroArt label={t('hero.imageAlt')} />
      </div>
    </section>
  )
}
