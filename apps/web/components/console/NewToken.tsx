'use client'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { ApiAppWithToken } from '@/lib/api/types'
import { copyWithToast } from '@/lib/console/clipboard'
import { vietnamTime } from '@/lib/console/token-expiry'
import { Button } from '@/components/ui/Button'

/**
 * A token just created or rotated, shown this once: copy button, when it expires and, after a rotation, until when
 * the old token still works.
 */
export function NewToken({
  fresh,
  rotated,
  onDismiss,
}: {
  fresh: ApiAppWithToken
  rotated: boolean
  onDismiss: () => void
}) {
  const t = useTranslations('console')
  const d = useTranslations('devConsole')
  const locale = useLocale()
  const { app, token } = fresh
  const label = rotated ? d('newTokenTitle', { name: app.name }) : t('tokenOnce')
  return (
    <div className="console-token" role="region" aria-label={label} data-testid="new-token-panel">
      {rotated && <strong>{label}</strong>}
      <p>
        <strong>{t('tokenOnce')}</strong>
      </p>
      <code data-testid="new-token">{token}</code>
      <p className="muted" data-testid="new-token-expiry">
        {app.tokenExpiresAt
          ? d('newTokenExpires', { date: vietnamTime(app.tokenExpiresAt, locale) })
          : d('newTokenNever')}
      </p>
      {rotated && app.previousTokenExpiresAt && (
        <p data-testid="old-token-until" data-until={app.previousTokenExpiresAt}>
          {d('oldTokenUntil', { date: vietnamTime(app.previousTokenExpiresAt, locale) })}
        </p>
      )}
      <Button variant="primary" onClick={() => void copyWithToast(token, t('copied'), t('copyFailed'))}>
        {t('copy')}
      </Button>
      <Button variant="quiet" onClick={onDismiss}>
        {t('dismissToken')}
      </Button>
    </div>
  )
}
