'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { ApiApp, AppUsage, CallbackLog, StudioApi, Synthesis, UsageDay } from '@/lib/studio/api'
import { UsageChart } from './UsageChart'
import { Button } from '@/components/ui/Button'

export const USAGE_RANGES = [7, 30, 90] as const
type Range = (typeof USAGE_RANGES)[number]
/** The charts, in order: characters, then requests. */
const CHART_METRICS = ['characters', 'requests'] as const

/**
 * One app's activity in the console: requests and characters per day (7/30/90 days, Vietnam days, from the
 * API's per-app usage) as two charts and a data table; the app's recent requests with each one's callback
 * delivery log (read with the signed-in user's token: no app token needed).
 */
export function AppActivity({
  api,
  apps,
  appId,
  onSelect,
  reloadKey,
  onError,
}: {
  api: StudioApi
  apps: ApiApp[]
  appId: string
  onSelect: (appId: string) => void
  /** Changes when something may have changed the app's activity (a request was sent, the page refreshed). */
  reloadKey: number
  onError: (error: unknown) => void
}) {
  const t = useTranslations('console')
  const tAll = useTranslations()
  const locale = useLocale()
  const [range, setRange] = useState<Range>(30)
  const [loaded, setLoaded] = useState<{ key: string; usage: AppUsage } | null>(null)
  const [requests, setRequests] = useState<Synthesis[] | null>(null)
  const [opened, setOpened] = useState<{ appId: string; log: CallbackLog } | null>(null)
  const [refreshed, setRefreshed] = useState(0)
  const tag = locale === 'en' ? 'en-US' : 'vi-VN'
  const number = (n: number) => n.toLocaleString(tag)
  const time = (iso: string) => new Date(iso).toLocaleString(tag)
  /** A calendar date (YYYY-MM-DD) as written in the locale; UTC so no time zone moves it. */
  const day = (date: string, long = false) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString(tag, {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
      ...(long ? { year: 'numeric' } : {}),
    })

  const usageKey = `${appId}:${range}`
  const usage = loaded?.key === usageKey ? loaded.usage : null
  const log = opened?.appId === appId ? opened.log : null

  useEffect(() => {
    let live = true
    api
      .appUsage(appId, range)
      .then((u) => live && setLoaded({ key: `${appId}:${range}`, usage: u }))
      .catch((error: unknown) => live && onError(error))
    return () => {
      live = false
    }
  }, [api, appId, range, reloadKey, refreshed, onError])

  useEffect(() => {
    let live = true
    api
      .appRequests(appId)
      .then((r) => live && setRequests(r.items))
      .catch((error: unknown) => {
        if (!live) return
        setRequests([])
        onError(error)
      })
    return () => {
      live = false
    }
  }, [api, appId, reloadKey, refreshed, onError])

  const showLog = useCallback(
    async (requestId: string) => {
      try {
        setOpened({ appId, log: await api.appCallbacks(appId, requestId) })
      } catch (error) {
        onError(error)
      }
    },
    [api, appId, onError],
  )

  const peak = (days: UsageDay[], metric: 'requests' | 'characters') =>
    days.reduce<UsageDay | undefined>((best, d) => (!best || d[metric] > best[metric] ? d : best), undefined)

  const describe = (u: AppUsage, metric: 'requests' | 'characters') => {
    const top = peak(u.days, metric)
    return t(metric === 'requests' ? 'chartRequestsDesc' : 'chartCharactersDesc', {
      from: day(u.from, true),
      to: day(u.to, true),
      total: number(u.totals[metric]),
      max: number(top?.[metric] ?? 0),
      date: top && top[metric] > 0 ? day(top.date, true) : '—',
    })
  }

  const app = apps.find((a) => a.appId === appId)

  return (
    <div className="console-activity" data-testid="app-activity">
      <div className="console-activity-bar">
        <label>
          {t('activityApp')}
          <select value={appId} onChange={(e) => onSelect(e.target.value)}>
            {apps.map((a) => (
              <option key={a.appId} value={a.appId}>
                {a.revoked ? `${a.name} (${t('revoked')})` : a.name}
              </option>
            ))}
          </select>
        </label>
        <div className="console-range" role="group" aria-label={t('range')}>
          {USAGE_RANGES.map((r) => (
            <Button
              key={r}
              variant={r === range ? 'primary' : 'secondary'}
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {t('rangeDays', { days: r })}
            </Button>
          ))}
        </div>
        <Button
          variant="quiet"
          onClick={() => {
            setRefreshed((n) => n + 1)
            if (log) void showLog(log.requestId)
          }}
        >
          {t('refresh')}
        </Button>
      </div>

      <h3>{t('usageTitle', { name: app?.name ?? '' })}</h3>
      {usage === null ? (
        <p aria-busy="true" className="console-chart-placeholder">
          …
        </p>
      ) : (
        <>
          <p data-testid="usage-totals">
            {t('usageTotals', {
              days: usage.days.length,
              requests: number(usage.totals.requests),
              characters: number(usage.totals.characters),
              charged: number(usage.totals.chargedCharacters),
            })}
          </p>
          <div className="console-charts">
            {CHART_METRICS.map((metric) => (
              <UsageChart
                key={metric}
                id={`usage-${appId}-${metric}`}
                days={usage.days}
                metric={metric}
                title={t(metric === 'requests' ? 'chartRequests' : 'chartCharacters')}
                description={describe(usage, metric)}
                max={t('chartMax', { value: number(peak(usage.days, metric)?.[metric] ?? 0) })}
                first={day(usage.from)}
                last={day(usage.to)}
                tooltip={(d) => `${day(d.date, true)}: ${number(d[metric])}`}
              />
            ))}
          </div>
          <details className="console-usage-table">
            <summary>{t('usageTable')}</summary>
            <div className="studio-table-wrap">
              <table className="studio-table">
                <caption className="sr-only">{t('usageTableCaption', { zone: usage.timeZone })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('usageDate')}</th>
                    <th scope="col">{t('usageRequests')}</th>
                    <th scope="col">{t('usageCharacters')}</th>
                    <th scope="col">{t('usageCharged')}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...usage.days].reverse().map((d) => (
                    <tr key={d.date} data-date={d.date}>
                      <th scope="row">{day(d.date, true)}</th>
                      <td>{number(d.requests)}</td>
                      <td>{number(d.characters)}</td>
                      <td>{number(d.chargedCharacters)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}

      <h3>{t('log')}</h3>
      {requests === null ? (
        <p aria-busy="true">…</p>
      ) : requests.length === 0 ? (
        <p className="muted">{t('logEmpty')}</p>
      ) : (
        <div className="studio-table-wrap">
          <table className="studio-table" data-testid="app-requests">
            <thead>
              <tr>
                <th scope="col">{t('logRequest')}</th>
                <th scope="col">{t('logStatus')}</th>
                <th scope="col">{t('logCharacters')}</th>
                <th scope="col">{t('logDate')}</th>
                <th scope="col">{t('logCallback')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.requestId} data-request-id={r.requestId}>
                  <td>
                    <code>{r.requestId}</code>
                  </td>
                  <td>{tAll(`studio.status.${r.status}`)}</td>
                  <td>{number(r.characters)}</td>
                  <td>{time(r.createdAt)}</td>
                  <td>
                    <Button
                      variant="quiet"
                      aria-expanded={log?.requestId === r.requestId}
                      aria-controls="callback-log"
                      onClick={() =>
                        log?.requestId === r.requestId ? setOpened(null) : void showLog(r.requestId)
                      }
                    >
                      {log?.requestId === r.requestId ? t('hideCallback') : t('showCallback')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log && (
        <section id="callback-log" aria-labelledby="callback-log-title" data-testid="callback-log">
          <h4 id="callback-log-title">
            {t('callbackResult')} — <code>{log.requestId}</code>
          </h4>
          <p>
            <span className="badge" data-result={log.result}>
              {t(`callbackState.${log.result}`)}
            </span>{' '}
            {log.callbackUrl ? <code className="muted">{log.callbackUrl}</code> : t('noCallback')}
          </p>
          {log.attempts.length > 0 && (
            <>
              <div className="studio-table-wrap">
                <table className="studio-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('attempt')}</th>
                      <th scope="col">{t('attemptTime')}</th>
                      <th scope="col">{t('attemptStatus')}</th>
                      <th scope="col">{t('attemptDuration')}</th>
                      <th scope="col">{t('attemptError')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {log.attempts.map((a) => (
                      <tr key={`${a.attempt}-${a.createdAt}`} data-ok={a.ok}>
                        <td>{a.attempt}</td>
                        <td>{time(a.createdAt)}</td>
                        <td>
                          {a.statusCode ?? '—'} {a.ok ? t('attemptOk') : t('attemptFailed')}
                        </td>
                        <td>{t('milliseconds', { ms: number(a.durationMs) })}</td>
                        <td>{a.error ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <details>
                <summary>{t('callbackPayload')}</summary>
                <pre className="console-response">
                  {JSON.stringify(log.attempts.at(-1)!.payload, null, 2)}
                </pre>
              </details>
            </>
          )}
        </section>
      )}
    </div>
  )
}
