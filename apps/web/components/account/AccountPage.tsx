'use client'
import { useAuth } from '@/components/auth/AuthProvider'
import { useTranslations } from '@/components/i18n/client-i18n'
import { AccountDeletion } from './AccountDeletion'

/** Who is signed in, where their sign-in settings live (the SSO's profile page), and the deletion request. */
export function AccountPage() {
  const t = useTranslations('studio')
  const auth = useAuth()
  return (
    <>
      <p data-testid="account-email">{auth.email}</p>
      {auth.accountUrl && (
        <p>
          <a href={auth.accountUrl} target="_blank" rel="noopener noreferrer">
            {t('account.manageSignIn')}
          </a>
        </p>
      )}
      <AccountDeletion />
    </>
  )
}
