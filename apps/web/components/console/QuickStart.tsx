'use client'
import { useMemo, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { ApiApp } from '@/lib/api/types'
import { copyWithToast } from '@/lib/console/clipboard'
import {
  QUICK_START_LANGUAGES,
  QUICK_START_TOKEN_VARIABLE,
  quickStartSnippets,
  type QuickStartLanguage,
} from '@loa/contracts/browser'
import { Button } from '@/components/ui/Button'

/**
 * Copy-paste quick start of the current developer API for one app (curl, Node, Python; sync and async), the app
 * id and the API base filled in, the token read from LOA_TOKEN. The same snippets a server-side test runs.
 */
export function QuickStart({ apiBase, app }: { apiBase: string; app: ApiApp | undefined }) {
  const d = useTranslations('devConsole')
  const t = useTranslations('console')
  const [language, setLanguage] = useState<QuickStartLanguage>('curl')
  const snippets = useMemo(
    () => (app ? quickStartSnippets({ apiBase, appId: app.appId }) : []),
    [apiBase, app],
  )
  if (!app) return <p className="muted">{d('quickStartNoApp')}</p>
  const env = `export ${QUICK_START_TOKEN_VARIABLE}='${d('quickStartTokenPlaceholder')}'`
  const copy = (code: string) => void copyWithToast(code, d('codeCopied'), t('copyFailed'))

  return (
    <div className="console-quick-start" data-testid="quick-start" data-app-id={app.appId}>
      <p className="muted">{d('quickStartApp', { name: app.name, id: app.appId })}</p>
      <p>{d('quickStartIntro')}</p>
      <pre className="console-response">{env}</pre>
      <div className="console-range" role="group" aria-label={d('quickStartLanguage')}>
        {QUICK_START_LANGUAGES.map((l) => (
          <Button
            key={l}
            variant={l === language ? 'primary' : 'secondary'}
            aria-pressed={l === language}
            onClick={() => setLanguage(l)}
          >
            {d(`language.${l}`)}
          </Button>
        ))}
      </div>
      {snippets
        .filter((s) => s.language === language)
        .map((s) => (
          <div key={s.mode} className="console-snippet">
            <h3>{s.mode === 'sync' ? d('quickStartSync') : d('quickStartAsync')}</h3>
            <div className="studio-row">
              <span className="muted">{d('quickStartFile', { file: s.file })}</span>
              <Button variant="secondary" onClick={() => copy(s.code)}>
                {d('copyCode')}
              </Button>
            </div>
            <pre
              className="console-response console-code"
              data-testid={`quick-start-${s.language}-${s.mode}`}
            >
              {s.code}
            </pre>
          </div>
        ))}
    </div>
  )
}
