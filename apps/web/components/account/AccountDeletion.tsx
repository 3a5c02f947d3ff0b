'use client'
import { useId, useState, type FormEvent } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { useTranslations } from '@/components/i18n/client-i18n'
import { usePublicConfig } from '@/components/shell/config-context'
import { requestAccountDeletion } from '@/lib/account'
import { createHttpClient } from '@/lib/http/client'
import { Button } from '@/components/ui/Button'
import './account.css'

/**
 * The account area's "delete my account" request: the user confirms and leaves a contact (their e-mail by default);
 * the request is recorded for an operator (`POST /request-to-delete-account`) and the page says so.
 */
export function AccountDeletion() {
  const t = useTranslations('studio')
  const config = usePublicConfig()
  const auth = useAuth()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [contact, setContact] = useState(auth.email ?? '')
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setState('sending')
    const outcome = await requestAccountDeletion(
      createHttpClient(config.apiUrl),
      contact,
      await auth.getToken(),
    )
    setState(outcome.ok ? 'sent' : 'failed')
  }

  return (
    <section className="account-deletion card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.deleteTitle')}</h2>
      {state === 'sent' ? (
        <p role="status">{t('account.deleteSent')}</p>
      ) : !open ? (
        <Button variant="quiet" onClick={() => setOpen(true)}>
          {t('account.deleteStart')}
        </Button>
      ) : (
        <form onSubmit={submit}>
          <p>{t('account.deleteWarning')}</p>
          <label htmlFor={`${id}-contact`}>{t('account.deleteContact')}</label>
          <input
            id={`${id}-contact`}
            value={contact}
            required
            minLength={3}
            maxLength={254}
            onChange={(e) => setContact(e.target.value)}
          />
          {state === 'failed' && <p role="alert">{t('account.deleteFailed')}</p>}
          <Button type="submit" variant="primary" disabled={state === 'sending'}>
            {t('account.deleteConfirm')}
          </Button>
        </form>
      )}
    </section>
  )
}
