'use client'
import { useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { ApiApp, ApiAppWithToken, TokenLifetimeDays } from '@/lib/api/types'
import { toast } from '@/lib/store/toast-store'
import type { StudioApi } from '@/lib/studio/api'
import { DEFAULT_TOKEN_LIFETIME, expiryState, vietnamTime } from '@/lib/console/token-expiry'
import { LifetimeSelect } from './LifetimeSelect'
import { Button } from '@/components/ui/Button'

/**
 * One app's token: its expiry (Vietnam time; expired ones marked), the grace time of the token replaced by the
 * last rotation, and the rotate action (confirmed, with the new token's lifetime).
 */
export function AppToken({
  app,
  api,
  onRotated,
  onError,
}: {
  app: ApiApp
  api: StudioApi
  onRotated: (fresh: ApiAppWithToken) => void
  onError: (error: unknown) => void
}) {
  const d = useTranslations('devConsole')
  const t = useTranslations('console')
  const locale = useLocale()
  const [confirming, setConfirming] = useState(false)
  const [lifetime, setLifetime] = useState<TokenLifetimeDays>(DEFAULT_TOKEN_LIFETIME)
  const [rotating, setRotating] = useState(false)
  const state = expiryState(app.tokenExpiresAt)
  const date = (iso: string) => vietnamTime(iso, locale)

  const rotate = async () => {
    setRotating(true)
    try {
      const fresh = await api.rotateAppToken(app.appId, lifetime)
      setConfirming(false)
      toast.success(d('rotated', { name: app.name }))
      onRotated(fresh)
    } catch (error) {
      onError(error)
    } finally {
      setRotating(false)
    }
  }

  return (
    <div className="console-app-token" data-testid="token-expiry" data-state={state.kind}>
      <span className={state.kind === 'expired' ? 'console-expired' : 'muted'}>
        {state.kind === 'expired' && <span className="badge console-expired-badge">{d('expiredBadge')}</span>}{' '}
        {state.kind === 'never'
          ? d('expiryNever')
          : state.kind === 'expired'
            ? d('expiryExpired', { date: date(state.at) })
            : state.kind === 'soon'
              ? d('expirySoon', { date: date(state.at) })
              : d('expiryActive', { days: state.days, date: date(state.at) })}
      </span>
      {state.kind === 'expired' && !app.revoked && <span className="muted">{d('expiredHint')}</span>}
      {app.previousTokenExpiresAt && !app.revoked && (
        <span className="muted" data-testid="previous-token" data-until={app.previousTokenExpiresAt}>
          {d('previousUntil', { date: date(app.previousTokenExpiresAt) })}
        </span>
      )}
      {!app.revoked &&
        (confirming ? (
          <div className="console-rotate" role="group" aria-label={d('rotateTitle', { name: app.name })}>
            <p role="alert">{d('rotateConfirm', { name: app.name })}</p>
            <LifetimeSelect label={d('rotateLifetime')} value={lifetime} onChange={setLifetime} />
            <div className="studio-actions">
              <Button variant="primary" disabled={rotating} onClick={() => void rotate()}>
                {rotating ? d('rotating') : d('rotateSubmit')}
              </Button>
              <Button variant="quiet" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="studio-actions">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {d('rotate')}
            </Button>
          </div>
        ))}
    </div>
  )
}
