'use client'
import { useEffect, useEffectEvent, useRef } from 'react'
import { USER_ALREADY_EXISTS } from '@loa/contracts/browser'
import { useTranslations } from '@/components/i18n/client-i18n'
import { waitForGoogleIdentity, type GoogleAccountsId } from '@/lib/auth/google-one-tap'
import { toast } from '@/lib/store/toast-store'
import { useAuth } from './AuthProvider'

/**
 * Google One Tap on the landing page for signed-out visitors (when a Google client id is configured): Google's
 * prompt hands us an ID token, which goes to our SSO (`POST /api/v1/auth/google-one-tap` through the sign-on
 * client); the visitor is then signed in on this page. A missing, blocked or broken Google script shows nothing.
 */
export default function GoogleOneTap({ clientId }: { clientId: string }) {
  const t = useTranslations('auth')
  const { ready, authenticated, loggingOut, googleOneTap } = useAuth()
  const prompted = useRef(false)

  const onCredential = useEffectEvent((credential: string) => {
    void googleOneTap(credential)
      .catch(() => ({ ok: false as const, errorCode: undefined }))
      .then((result) => {
        if (result.ok) return
        if (result.errorCode === USER_ALREADY_EXISTS) toast.warning(t('userAlreadyExists'))
        else toast.error(t('oneTapFailed'))
      })
  })

  const wanted = ready && !authenticated && !loggingOut
  useEffect(() => {
    if (!wanted || prompted.current) return
    let gis: GoogleAccountsId | undefined
    let cancelled = false
    void waitForGoogleIdentity().then((id) => {
      if (cancelled || !id) return
      gis = id
      try {
        id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            if (credential) onCredential(credential)
          },
          auto_select: false,
          cancel_on_tap_outside: true,
          context: 'signin',
          itp_support: true,
          use_fedcm_for_prompt: true,
        })
        id.prompt()
        prompted.current = true
      } catch {
        // A broken Google client never breaks the page.
      }
    })
    return () => {
      cancelled = true
      try {
        gis?.cancel()
      } catch {
        // as above
      }
    }
  }, [wanted, clientId])

  return null
}
