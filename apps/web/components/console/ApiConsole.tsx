'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import type { ApiApp, ApiAppWithToken, TokenLifetimeDays } from '@/lib/api/types'
import { consoleErrorKey } from '@/lib/console/errors'
import { DEFAULT_TOKEN_LIFETIME } from '@/lib/console/token-expiry'
import { useStudioApi } from '@/lib/studio/api'
import { AppActivity } from './AppActivity'
import { AppToken } from './AppToken'
import { LifetimeSelect } from './LifetimeSelect'
import { NewToken } from './NewToken'
import { QuickStart } from './QuickStart'
import { TryIt } from './TryIt'
import { Button } from '@/components/ui/Button'
import '@/components/studio/studio.css'
import './console.css'

/**
 * The API console: apps (create with a token lifetime, token once, expiry, rotate, rename, callback URL, revoke),
 * each app's usage per day and its requests with their callback delivery log, try it, the v1 quick start.
 */
export function ApiConsole() {
  const t = useTranslations('console')
  const d = useTranslations('devConsole')
  const tAll = useTranslations()
  const locale = useLocale()
  const api = useStudioApi()
  const [apps, setApps] = useState<ApiApp[] | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [activity, setActivity] = useState(0)
  const [name, setName] = useState('')
  const [callbackUrl, setCallbackUrl] = useState('')
  const [lifetime, setLifetime] = useState<TokenLifetimeDays>(DEFAULT_TOKEN_LIFETIME)
  const [creating, setCreating] = useState(false)
  /** The token just created or rotated (shown this once). */
  const [fresh, setFresh] = useState<(ApiAppWithToken & { rotated: boolean }) | null>(null)
  const [editing, setEditing] = useState<{ id: string; name: string; callbackUrl: string } | null>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [tryToken, setTryToken] = useState('')
  const showError = useCallback((error: unknown) => toast.error(tAll(consoleErrorKey(error))), [tAll])
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  const date = (iso: string) => new Date(iso).toLocaleString(locale)

  const load = useCallback(() => {
    api
      .apps()
      .then(setApps)
      .catch((error: unknown) => {
        setApps([])
        showError(error)
      })
    setActivity((n) => n + 1)
  }, [api, showError])
  useEffect(load, [load])

  const create = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return
    setCreating(true)
    try {
      const result = await api.createApp(name.trim(), callbackUrl.trim() || null, lifetime)
      setFresh({ ...result, rotated: false })
      setSelected(result.app.appId)
      setTryToken(result.token)
      setName('')
      setCallbackUrl('')
      toast.success(t('created', { name: result.app.name }))
      load()
    } catch (error) {
      showError(error)
    } finally {
      setCreating(false)
    }
  }

  const rotated = (result: ApiAppWithToken) => {
    setFresh({ ...result, rotated: true })
    setTryToken(result.token)
    load()
  }

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!editing) return
    try {
      await api.updateApp(editing.id, {
        name: editing.name.trim(),
        callbackUrl: editing.callbackUrl.trim() || null,
      })
      setEditing(null)
      toast.success(t('saved'))
      load()
    } catch (error) {
      showError(error)
    }
  }

  const revoke = async (app: ApiApp) => {
    try {
      await api.revokeApp(app.appId)
      setConfirming(null)
      toast.success(t('revokedToast', { name: app.name }))
      load()
    } catch (error) {
      showError(error)
    }
  }

  const shown = apps?.find((a) => a.appId === selected) ?? apps?.[0]
  const openapi = `${api.apiUrl}/api/v1/openapi.json`
  // The site's developer docs (reference and guides) in the page's language.
  const docs = locale === 'en' ? '/en/docs' : '/docs'

  return (
    <div className="console">
      <p className="muted">{t('intro')}</p>

      <section aria-labelledby="create-title">
        <h2 id="create-title">{t('create')}</h2>
        <form className="console-form" onSubmit={(e) => void create(e)}>
          <label>
            {t('name')}
            <input value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t('callback')}
            <input
              type="url"
              value={callbackUrl}
              placeholder="https://example.com/loa-callback"
              aria-describedby="callback-hint"
              onChange={(e) => setCallbackUrl(e.target.value)}
            />
            <small id="callback-hint" className="muted">
              {t('callbackHint')}
            </small>
          </label>
          <LifetimeSelect
            label={d('lifetime')}
            value={lifetime}
            onChange={setLifetime}
            hintId="lifetime-hint"
          />
          <Button type="submit" variant="primary" disabled={creating}>
            {creating ? t('creating') : t('create')}
          </Button>
          <small id="lifetime-hint" className="muted" style={{ gridColumn: '1 / -1' }}>
            {d('lifetimeHint')}
          </small>
        </form>
        {fresh && !fresh.rotated && (
          <NewToken fresh={fresh} rotated={false} onDismiss={() => setFresh(null)} />
        )}
      </section>

      <section aria-labelledby="apps-title">
        <h2 id="apps-title">{t('apps')}</h2>
        {apps === null ? (
          <p aria-busy="true">…</p>
        ) : apps.length === 0 ? (
          <p className="muted">{t('noApps')}</p>
        ) : (
          <ul className="console-apps">
            {apps.map((app) => (
              <li
                key={app.appId}
                className="card"
                data-testid="api-app"
                data-app-id={app.appId}
                data-revoked={app.revoked}
                data-token-expires-at={app.tokenExpiresAt ?? 'never'}
              >
                <div className="studio-row">
                  <strong>{app.name}</strong>
                  <span className="badge">{app.revoked ? t('revoked') : t('active')}</span>
                </div>
                <span className="muted">{t('tokenPrefix', { prefix: app.tokenPrefix })}</span>
                <AppToken app={app} api={api} onRotated={rotated} onError={showError} />
                {fresh?.rotated && fresh.app.appId === app.appId && (
                  <NewToken fresh={fresh} rotated onDismiss={() => setFresh(null)} />
                )}
                <span>
                  {t('usage', {
                    requests: number(app.requestsCount),
                    characters: number(app.charactersCount),
                  })}
                </span>
                <span className="muted">
                  {t('lastUsed', { date: app.lastUsedAt ? date(app.lastUsedAt) : t('never') })}
                </span>
                {app.callbackUrl && <span className="muted">{app.callbackUrl}</span>}
                {editing?.id === app.appId ? (
                  <form className="console-form" onSubmit={(e) => void save(e)}>
                    <label>
                      {t('name')}
                      <input
                        value={editing.name}
                        required
                        maxLength={100}
                        onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                      />
                    </label>
                    <label>
                      {t('callback')}
                      <input
                        type="url"
                        value={editing.callbackUrl}
                        onChange={(e) => setEditing({ ...editing, callbackUrl: e.target.value })}
                      />
                    </label>
                    <div className="studio-actions">
                      <Button type="submit" variant="primary">
                        {t('save')}
                      </Button>
                      <Button variant="quiet" onClick={() => setEditing(null)}>
                        {t('cancel')}
                      </Button>
                    </div>
                  </form>
                ) : (
                  !app.revoked && (
                    <div className="studio-actions">
                      <Button
                        variant="secondary"
                        onClick={() =>
                          setEditing({ id: app.appId, name: app.name, callbackUrl: app.callbackUrl ?? '' })
                        }
                      >
                        {t('rename')}
                      </Button>
                      {confirming === app.appId ? (
                        <>
                          <span role="alert">{t('revokeConfirm', { name: app.name })}</span>
                          <Button variant="primary" onClick={() => void revoke(app)}>
                            {t('revoke')}
                          </Button>
                          <Button variant="quiet" onClick={() => setConfirming(null)}>
                            {t('cancel')}
                          </Button>
                        </>
                      ) : (
                        <Button variant="quiet" onClick={() => setConfirming(app.appId)}>
                          {t('revoke')}
                        </Button>
                      )}
                    </div>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="activity-title">
        <h2 id="activity-title">{t('activity')}</h2>
        {!apps || !shown ? (
          <p className="muted">{t('activityEmpty')}</p>
        ) : (
          <AppActivity
            api={api}
            apps={apps}
            appId={shown.appId}
            onSelect={setSelected}
            reloadKey={activity}
            onError={showError}
          />
        )}
      </section>

      <TryIt
        apiUrl={api.apiUrl}
        appId={shown && !shown.revoked ? shown.appId : undefined}
        token={tryToken}
        onToken={setTryToken}
        onError={showError}
        onDone={load}
      />

      <section aria-labelledby="docs-title">
        <h2 id="docs-title">{t('docs')}</h2>
        <ul>
          <li>
            <a href={docs} target="_blank" rel="noopener noreferrer">
              {t('swagger')}
            </a>
          </li>
          <li>
            <a href={openapi} target="_blank" rel="noopener noreferrer">
              {t('openapi')}
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="quick-start-title">
        <h2 id="quick-start-title">{d('quickStart')}</h2>
        <QuickStart
          apiBase={api.apiUrl}
          app={shown && !shown.revoked ? shown : apps?.find((a) => !a.revoked)}
        />
      </section>
    </div>
  )
}
