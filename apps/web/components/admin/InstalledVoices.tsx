'use client'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type InstalledVoices as Listing, type VoiceInstall } from './admin-api'
import { useAdminCommand } from './use-admin-command'

const MB = 1024 * 1024
const mb = (bytes: number) => (bytes / MB).toFixed(1)
/** While an install runs, the list is read again this often. */
const POLL_MS = 1000

/** One install's line: a progress bar while it runs, then what came of it. */
function InstallLine({ install }: { install: VoiceInstall }) {
  const t = useTranslations('admin')
  const percent = install.total > 0 ? Math.floor((install.bytes / install.total) * 100) : undefined
  if (install.state === 'RUNNING')
    return (
      <li>
        <label>
          {percent === undefined
            ? t('voices.progressUnknown', { name: install.name, done: mb(install.bytes) })
            : t('voices.progress', {
                name: install.name,
                percent,
                done: mb(install.bytes),
                total: mb(install.total),
              })}
          <progress max={100} value={percent} aria-label={t('voices.progressOf', { name: install.name })} />
        </label>
      </li>
    )
  if (install.state === 'FAILED')
    return (
      <li className="admin-error">
        {t('voices.failed', { name: install.name, message: install.errorMessage ?? install.errorCode ?? '' })}
      </li>
    )
  return (
    <li>{t(install.sample ? 'voices.installedDone' : 'voices.installedNoSample', { name: install.name })}</li>
  )
}

/**
 * The voices folder as the operator manages it: each installed neural voice with its engine, size, licence and
 * attribution and a remove button (asked twice), unusable files with the reason, and "install by name or URL"
 * with the download's progress (read again every second while an install runs).
 */
export function InstalledVoices({ onChanged }: { onChanged: () => void }) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const { busy, run } = useAdminCommand()
  const [listing, setListing] = useState<Listing | null>(null)
  const [source, setSource] = useState('')
  const [removing, setRemoving] = useState<string | null>(null)
  const load = useCallback(
    () =>
      api
        .installedVoices()
        .then(setListing)
        .catch((error: unknown) => toast.error(t(adminErrorKey(error)))),
    [api, t],
  )
  useEffect(() => void load(), [load])
  const runningCount = listing?.installs.filter((i) => i.state === 'RUNNING').length ?? 0
  useEffect(() => {
    if (!runningCount) return
    const timer = setInterval(() => void load(), POLL_MS)
    return () => {
      clearInterval(timer)
      // The install that just ended changed the catalogue (its row, its sample).
      onChanged()
    }
  }, [runningCount, load, onChanged])

  const install = async (event: FormEvent) => {
    event.preventDefault()
    const done = await run(
      () => api.installVoice(source.trim()),
      (started) => t('voices.installStarted', { name: started.name }),
    )
    if (done) setSource('')
    await load()
  }
  const remove = async (name: string) => {
    const done = await run(
      () => api.removeVoice(name),
      () => t('voices.removed', { name }),
    )
    setRemoving(null)
    if (done) onChanged()
    await load()
  }

  return (
    <section className="admin-section" aria-labelledby="installed-voices" data-testid="installed-voices">
      <h2 id="installed-voices">{t('voices.installed')}</h2>
      {!listing && <p aria-busy="true">{t('loading')}</p>}
      {listing && (
        <>
          <p className="admin-muted">{t('voices.installedHint', { dir: listing.dir })}</p>
          {listing.voices.length === 0 && <p>{t('voices.none')}</p>}
          {listing.voices.length > 0 && (
            <div className="admin-table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('voices.fileName')}</th>
                    <th scope="col">{t('voices.engine')}</th>
                    <th scope="col">{t('voices.size')}</th>
                    <th scope="col">{t('catalogue.fields.licence')}</th>
                    <th scope="col">{t('catalogue.fields.attribution')}</th>
                    <th scope="col">{t('voices.remove')}</th>
                  </tr>
                </thead>
                <tbody>
                  {listing.voices.map((v) => (
                    <tr key={v.name} data-testid={`installed-${v.name}`}>
                      <td>
                        {v.name}
                        {v.code !== v.name && <small className="admin-muted"> ({v.code})</small>}
                      </td>
                      <td>{t('voices.engines.piper')}</td>
                      <td>{t('voices.megabytes', { size: mb(v.bytes) })}</td>
                      <td>{v.licence ?? '—'}</td>
                      <td>{v.attribution ?? '—'}</td>
                      <td>
                        {removing === v.name ? (
                          <span className="admin-inline">
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busy}
                              onClick={() => void remove(v.name)}
                            >
                              {t('voices.removeConfirm', { name: v.name })}
                            </button>
                            <button type="button" className="btn btn-ghost" onClick={() => setRemoving(null)}>
                              {t('cancel')}
                            </button>
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-ghost"
                            aria-label={`${t('voices.remove')} ${v.name}`}
                            onClick={() => setRemoving(v.name)}
                          >
                            {t('voices.remove')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {listing.problems.length > 0 && (
            <div className="admin-warning" role="status">
              <p>{t('voices.problems')}</p>
              <ul>
                {listing.problems.map((p) => (
                  <li key={p.name}>
                    {p.name}: {p.problem}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <form className="admin-form" onSubmit={(e) => void install(e)}>
            <label htmlFor="voice-install-source">{t('voices.source')}</label>
            <div className="admin-inline">
              <input
                id="voice-install-source"
                type="text"
                required
                minLength={3}
                placeholder="vi_VN-vais1000-medium"
                value={source}
                onChange={(e) => setSource(e.target.value)}
              />
              <button type="submit" className="btn btn-primary" disabled={busy || source.trim().length < 3}>
                {t('voices.install')}
              </button>
            </div>
          </form>
          {listing.installs.length > 0 && (
            <ul className="admin-installs" aria-live="polite" data-testid="voice-installs">
              {listing.installs.map((i) => (
                <InstallLine key={`${i.name}-${i.startedAt}`} install={i} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
