'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { readReason } from '@/lib/admin/ledger-reason'

/** A ledger reason in the page's language: the server's fixed forms translated, an operator's words as typed. */
export function useReasonText(): (raw: string) => string {
  const t = useTranslations('admin')
  return (raw) => {
    const { base, outcomes } = readReason(raw)
    if (!base) return raw
    return [t(`reasons.${base.key}`, base.values), ...outcomes.map((o) => t(`reasons.outcome.${o}`))].join(
      ' — ',
    )
  }
}
