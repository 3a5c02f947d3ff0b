'use client'
import { useEffect, useId, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useApi } from '@/components/shell/config-context'
import { pickList } from '@/lib/api/endpoints'

export interface SampleScript {
  code: string
  purpose: string
  title: string
  text: string
}

/**
 * "Try a sample" in the studio editor (spec §7 `GET /sample-scripts`): a menu of the catalogue's sample texts; the
 * chosen one replaces the editor's text through `onPick`. Shows nothing when there are none (or the call failed).
 */
export function SampleScripts({ onPick }: { onPick: (script: SampleScript) => void }) {
  const t = useTranslations('studio')
  const api = useApi()
  const [scripts, setScripts] = useState<SampleScript[]>([])
  const id = useId()

  useEffect(() => {
    let cancelled = false
    void api.getSampleScripts().then((body) => {
      if (!cancelled) setScripts(pickList<SampleScript>(body?.result, 'items'))
    })
    return () => {
      cancelled = true
    }
  }, [api])

  if (!scripts.length) return null
  return (
    <span className="studio-samples">
      <label htmlFor={id}>{t('samples.try')}</label>{' '}
      <select
        id={id}
        value=""
        aria-label={t('samples.label')}
        onChange={(event) => {
          const script = scripts.find((s) => s.code === event.target.value)
          if (script) onPick(script)
        }}
      >
        <option value="" disabled>
          {t('samples.label')}
        </option>
        {scripts.map((script) => (
          <option key={script.code} value={script.code}>
            {script.title}
          </option>
        ))}
      </select>
    </span>
  )
}
