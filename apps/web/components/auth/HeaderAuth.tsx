'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useAuth } from './AuthProvider'
import { SignUpButton } from './SignUpButton'
import { ROUTES } from '@/lib/routes'
import { Button } from '@/components/ui/Button'

/** Header right side: log in + sign up when signed out; studio link + log out when signed in. */
export function HeaderAuth() {
  const t = useTranslations('nav')
  const auth = useAuth()
  if (auth.ready && auth.authenticated) {
    return (
      <div className="header-auth">
        <SignUpButton place="header" to={ROUTES.studio} className="btn btn-primary">
          {t('goToStudio')}
        </SignUpButton>
        <Button variant="quiet" onClick={() => auth.logout()}>
          {t('logout')}
        </Button>
      </div>
    )
  }
  return (
    <div className="header-auth">
      <Button variant="quiet" onClick={() => auth.authenticate('login', ROUTES.studioTts)}>
        {t('login')}
      </Button>
      <SignUpButton place="header">{t('signUp')}</SignUpButton>
    </div>
  )
}
