'use client'
import type { ReactNode } from 'react'
import { useLocale } from '@/components/i18n/client-i18n'
import { useAuth } from './AuthProvider'
import { ROUTES } from '@/lib/routes'
import { trackEvent } from '@/lib/analytics/data-layer'
import { keepReturnQuery } from '@/components/shell/return-query'

interface Props {
  children: ReactNode
  /** Where the button leads (default: the studio text-to-speech page); a query survives the sign-up. */
  to?: string
  className?: string
  place: 'header' | 'banner' | 'voices' | 'steps' | 'pricing' | 'services'
}

const session = (): Storage | null => {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * Sign-up / try-free button: a link to the studio page; when signed out, the click goes through SSO signup and comes
 * back to that page signed in.
 */
export function SignUpButton({
  children,
  to = ROUTES.studioTts,
  className = 'btn btn-primary',
  place,
}: Props) {
  const locale = useLocale()
  const auth = useAuth()
  const href = `${locale === 'en' ? '/en' : ''}${to}`
  return (
    <a
      href={href}
      className={className}
      data-place={place}
      onClick={(event) => {
        trackEvent('sign_up_click', { place })
        if (auth.authenticated) return
        event.preventDefault()
        // The SSO returns to the path only: a query (the package chosen) waits in this tab meanwhile.
        auth.authenticate('sign_up', keepReturnQuery(session(), to, locale === 'en' ? '/en' : ''))
      }}
    >
      {children}
    </a>
  )
}
