'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { TokenLifetimeDays } from '@/lib/api/types'
import { lifetimeOf, lifetimeValue, TOKEN_LIFETIMES } from '@/lib/console/token-expiry'

/** The token lifetime choice (7, 30, 60, 90 days or never), at creation and at rotation. */
export function LifetimeSelect({
  label,
  value,
  onChange,
  hintId,
}: {
  label: string
  value: TokenLifetimeDays
  onChange: (days: TokenLifetimeDays) => void
  hintId?: string
}) {
  const t = useTranslations('devConsole')
  return (
    <label>
      {label}
      <select
        value={lifetimeValue(value)}
        aria-describedby={hintId}
        onChange={(e) => onChange(lifetimeOf(e.target.value))}
      >
        {TOKEN_LIFETIMES.map((days) => (
          <option key={lifetimeValue(days)} value={lifetimeValue(days)}>
            {days === null ? t('lifetimeNever') : t('lifetimeDays', { days })}
          </option>
        ))}
      </select>
    </label>
  )
}
