'use client'
import { useCallback, useEffect, useState } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import {
  adminErrorKey,
  FLAGS_ENVIRONMENT,
  useAdminApi,
  type Flag,
  type FlagAudit,
  type FlagRule,
} from './admin-api'
import { Button } from '@/components/ui/Button'

/** The SSO resource whose `admin` role lets a user edit flags (the flag service checks it again). */
const FLAGS_RESOURCE = 'loa-flags'

/** Reads "true"/"false"/numbers/JSON as typed values; anything else stays a string. */
const parseValue = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))

function FlagCard({ flag, onChanged }: { flag: Flag; onChanged: (f: Flag) => void }) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const env = flag.environments[FLAGS_ENVIRONMENT]
  const rules = env?.rules ?? []
  const [attribute, setAttribute] = useState('country')
  const [value, setValue] = useState('')
  const [serve, setServe] = useState(flag.value_type === 'boolean' ? 'true' : '')
  const [history, setHistory] = useState<FlagAudit[] | null>(null)
  const fail = (error: unknown) => toast.error(t(adminErrorKey(error)))
  const run = async (change: Promise<Flag>) => {
    try {
      onChanged(await change)
      toast.success(t('flags.changed', { key: flag.key }))
      if (history) setHistory(await api.flagAudit(flag.key))
    } catch (error) {
      fail(error)
    }
  }
  const addRule = (e: React.FormEvent) => {
    e.preventDefault()
    if (!attribute.trim() || !value.trim()) return
    const rule: FlagRule = { condition: { [attribute.trim()]: value.trim() }, force: parseValue(serve) }
    void run(api.setFlagRules(flag.key, [...rules, rule]))
  }
  const isBoolean = flag.value_type === 'boolean'

  return (
    <article
      className="admin-section admin-flag"
      data-testid={`flag-${flag.key}`}
      aria-labelledby={`flag-${flag.key}-title`}
    >
      <h2 id={`flag-${flag.key}-title`}>{flag.key}</h2>
      {flag.description && <p className="muted">{flag.description}</p>}
      <div className="admin-flag-controls">
        {isBoolean ? (
          <label className="admin-switch">
            <input
              type="checkbox"
              role="switch"
              checked={flag.default_value === true}
              onChange={() => void run(api.setFlagDefault(flag.key, !(flag.default_value === true)))}
            />
            {t('flags.default')}: {flag.default_value === true ? t('flags.on') : t('flags.off')}
          </label>
        ) : (
          <form
            className="admin-inline"
            onSubmit={(e) => {
              e.preventDefault()
              const input = (e.currentTarget.elements.namedItem('value') as HTMLInputElement).value
              void run(api.setFlagDefault(flag.key, parseValue(input)))
            }}
          >
            <label>
              {t('flags.default')}
              <input name="value" defaultValue={show(flag.default_value)} />
            </label>
            <Button type="submit" variant="quiet">
              {t('save')}
            </Button>
          </form>
        )}
        <label className="admin-switch">
          <input
            type="checkbox"
            checked={env?.enabled ?? false}
            onChange={() => void run(api.setFlagEnabled(flag.key, !(env?.enabled ?? false)))}
          />
          {t('flags.enabled')}
        </label>
      </div>
      <h3>{t('flags.rules')}</h3>
      {rules.length === 0 ? (
        <p className="muted">{t('flags.noRules')}</p>
      ) : (
        <ul className="admin-rules">
          {rules.map((rule, i) => (
            <li key={rule.id ?? i}>
              <code>
                {Object.entries(rule.condition ?? {})
                  .map(([a, v]) => t('flags.rule', { attribute: a, value: show(v), serve: show(rule.force) }))
                  .join('; ') || JSON.stringify(rule)}
              </code>
              <Button
                variant="quiet"
                onClick={() =>
                  void run(
                    api.setFlagRules(
                      flag.key,
                      rules.filter((_, j) => j !== i),
                    ),
                  )
                }
              >
                {t('flags.removeRule')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-inline admin-rule-form" onSubmit={addRule}>
        <label>
          {t('flags.attribute')}
          <input value={attribute} onChange={(e) => setAttribute(e.target.value)} />
        </label>
        <label>
          {t('flags.value')}
          <input value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <label>
          {t('flags.serve')}
          <input value={serve} onChange={(e) => setServe(e.target.value)} />
        </label>
        <Button type="submit" variant="quiet">
          {t('flags.addRule')}
        </Button>
      </form>
      <details
        onToggle={(e) => {
          if ((e.currentTarget as HTMLDetailsElement).open && !history)
            api.flagAudit(flag.key).then(setHistory).catch(fail)
        }}
      >
        <summary>{t('flags.history')}</summary>
        {history === null ? (
          <p aria-busy="true">{t('loading')}</p>
        ) : (
          <ol className="admin-history">
            {history.map((h) => (
              <li key={h.id}>
                <time dateTime={h.at}>{new Date(h.at).toLocaleString()}</time> · {h.actor} · {h.action}
              </li>
            ))}
          </ol>
        )}
      </details>
    </article>
  )
}

/** Feature flags over the flag service's admin API: toggle, default value, rules by attribute, history. */
export function AdminFlags() {
  const t = useTranslations('admin')
  const auth = useAuth()
  const api = useAdminApi()
  const [flags, setFlags] = useState<Flag[] | null>(null)
  const allowed = auth.hasResourceRole('admin', FLAGS_RESOURCE)
  const load = useCallback(() => {
    api
      .flags()
      .then(setFlags)
      .catch((error: unknown) => toast.error(t(adminErrorKey(error))))
  }, [api, t])
  useEffect(() => {
    if (allowed) load()
  }, [allowed, load])

  return (
    <>
      <h1 id="shell-title">{t('flags.title')}</h1>
      {!allowed && <p data-testid="flags-forbidden">{t('flags.forbidden')}</p>}
      {allowed && !flags && <p aria-busy="true">{t('loading')}</p>}
      {flags?.map((f) => (
        <FlagCard
          key={f.key}
          flag={f}
          onChanged={(next) => setFlags((all) => all?.map((x) => (x.key === next.key ? next : x)) ?? null)}
        />
      ))}
    </>
  )
}
