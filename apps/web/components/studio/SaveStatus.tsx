'use client'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { studioErrorKey } from '@/lib/studio/errors'
import type { SaveState } from '@/lib/studio/use-studio-draft'

/**
 * Where the draft is: saving, saved (this browser and the server), only in this browser (the server save failed
 * and is retried), or changed elsewhere — then the user chooses the saved version or keeps this text.
 */
export function SaveStatus({
  state,
  savedAt,
  serverError,
  onResolve,
}: {
  state: SaveState
  savedAt: number | null
  serverError: string | null
  onResolve: (choice: 'theirs' | 'mine') => void
}) {
  const t = useTranslations('studio.editor')
  const tAll = useTranslations()
  const locale = useLocale()
  const text =
    state === 'saving'
      ? t('saving')
      : state === 'saved' && savedAt
        ? t('saved', { time: new Date(savedAt).toLocaleTimeString(locale) })
        : state === 'local'
          ? t('savedLocal', { reason: tAll(studioErrorKey(serverError ?? 'ERR_NETWORK')) })
          : state === 'failed'
            ? t('saveFailed')
            : state === 'conflict'
              ? t('conflict')
              : ''
  return (
    <span className="studio-save" role="status" data-testid="save-state" data-state={state}>
      {text}
      {state === 'conflict' && (
        <>
          {' '}
          <button type="button" className="btn btn-ghost" onClick={() => onResolve('theirs')}>
            {t('useTheirs')}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => onResolve('mine')}>
            {t('keepMine')}
          </button>
        </>
      )}
    </span>
  )
}
