'use client'
import { useCallback, useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type CatalogueRow } from './admin-api'
import { InstalledVoices } from './InstalledVoices'
import { VoiceProviders } from './VoiceProviders'
import { VoiceSettings } from './VoiceSettings'

/** The catalogue's voices on one page (the API's page limit). */
const LIMIT = 200

/**
 * The back-office's Voices screen (issue #26): the voices folder (install by name or URL with progress, remove)
 * the voice providers (the file's, and those added here with "test connection"), and every catalogue voice —
 * built-in eSpeak, installed neural and provider voices — with how it is sold.
 */
export function AdminVoices() {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const [rows, setRows] = useState<CatalogueRow[] | null>(null)
  /** Bumped on every load, so that each voice's form starts again from what was saved. */
  const [version, setVersion] = useState(0)
  const load = useCallback(() => {
    api
      .list('voices', 0, LIMIT)
      .then((page) => {
        setRows(page.items)
        setVersion((v) => v + 1)
      })
      .catch((error: unknown) => toast.error(t(adminErrorKey(error))))
  }, [api, t])
  useEffect(load, [load])

  return (
    <>
      <h1 id="shell-title">{t('voices.title')}</h1>
      <InstalledVoices onChanged={load} />
      <VoiceProviders onChanged={load} />
      <section
        className="admin-section"
        aria-labelledby="catalogue-voices"
        data-testid="catalogue-voice-settings"
      >
        <h2 id="catalogue-voices">{t('voices.catalogue')}</h2>
        <p className="admin-muted">{t('voices.catalogueHint')}</p>
        {!rows && <p aria-busy="true">{t('loading')}</p>}
        {rows && (
          <ul className="admin-voices">
            {rows.map((row) => (
              <VoiceSettings key={`${String(row.code)}-${version}`} row={row} onSaved={load} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
