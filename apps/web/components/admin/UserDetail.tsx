'use client'
import { useCallback, useEffect, useState } from 'react'
import { WALLET_UNITS } from '@loa/contracts/browser'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useCreditFormat } from '@/components/payments/useCreditFormat'
import { ROUTES } from '@/lib/routes'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type LedgerEntry, type Page, type UserPage } from './admin-api'
import { Pager } from './Pager'
import { SimpleTable } from './SimpleTable'
import { UserActions } from './UserActions'
import { useReasonText } from './use-reason-text'

const LEDGER_PAGE = 20

/**
 * One user: profile, balances per product with expiry, ledger, syntheses, dubbing projects, orders, API apps,
 * devices; actions.
 */
export function AdminUserDetail({ id }: { id: string }) {
  const t = useTranslations('admin')
  const reasonText = useReasonText()
  const locale = useLocale()
  const api = useAdminApi()
  const [user, setUser] = useState<UserPage | null>(null)
  const [ledger, setLedger] = useState<Page<LedgerEntry> | null>(null)
  const [offset, setOffset] = useState(0)
  const prefix = locale === 'en' ? '/en' : ''
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  const credits = useCreditFormat()
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : '—')
  const duration = (ms: number | null) => {
    if (ms === null) return '—'
    const s = Math.round(ms / 1000)
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
  }
  const fail = useCallback((error: unknown) => toast.error(t(adminErrorKey(error))), [t])

  const load = useCallback(() => {
    api.user(id).then(setUser).catch(fail)
  }, [api, id, fail])
  useEffect(load, [load])
  useEffect(() => {
    api.entries(id, offset, LEDGER_PAGE).then(setLedger).catch(fail)
  }, [api, id, offset, user, fail])

  if (!user) return <p aria-busy="true">{t('loading')}</p>
  const p = user.profile
  return (
    <>
      <p>
        <a href={`${prefix}${ROUTES.admin}/users`}>{t('users.back')}</a>
      </p>
      <h1 id="shell-title">{p.name || p.email || p.id}</h1>
      <section className="admin-section" aria-labelledby="profile-title">
        <h2 id="profile-title">{t('users.profile')}</h2>
        <dl className="admin-facts">
          <dt>{t('users.id')}</dt>
          <dd>{p.id}</dd>
          <dt>{t('users.email')}</dt>
          <dd>{p.email ?? '—'}</dd>
          <dt>{t('users.createdAt')}</dt>
          <dd>{when(p.createdAt)}</dd>
          <dt>{t('users.lastSeen')}</dt>
          <dd>{when(p.lastSeenAt)}</dd>
          <dt>{t('users.package')}</dt>
          <dd>{p.packageCode ?? '—'}</dd>
          <dt>{t('users.status')}</dt>
          <dd>{user.lock ? t('users.locked') : t('users.active')}</dd>
        </dl>
      </section>
      <SimpleTable
        title={t('users.balances')}
        testId="admin-balances"
        rows={user.balances}
        rowKey={(w) => w.product}
        empty={t('empty')}
        columns={[
          { label: t('users.product'), cell: (w) => t(`products.${w.product}`) },
          {
            label: t('users.balance'),
            cell: (w) => <span data-product={w.product}>{credits(w.balance, WALLET_UNITS[w.product])}</span>,
            numeric: true,
          },
          { label: t('users.expires'), cell: (w) => (w.expiresAt ? when(w.expiresAt) : t('users.never')) },
          { label: t('users.package'), cell: (w) => w.packageCode ?? '—' },
        ]}
      />
      <UserActions user={user} onChanged={load} />
      <SimpleTable
        title={t('users.ledger')}
        testId="admin-ledger"
        rows={ledger?.items ?? []}
        rowKey={(e) => e.id}
        empty={t('empty')}
        columns={[
          { label: t('audit.when'), cell: (e) => when(e.createdAt) },
          { label: t('users.product'), cell: (e) => t(`products.${e.product}`) },
          { label: t('users.kind'), cell: (e) => t(`ledgerKinds.${e.kind}`) },
          {
            label: t('users.delta'),
            cell: (e) => (e.delta > 0 ? '+' : '') + credits(e.delta, WALLET_UNITS[e.product]),
            numeric: true,
          },
          {
            label: t('users.after'),
            cell: (e) => credits(e.balanceAfter, WALLET_UNITS[e.product]),
            numeric: true,
          },
          { label: t('users.reason'), cell: (e) => reasonText(e.reason) },
          { label: t('users.actor'), cell: (e) => e.actor ?? '—' },
        ]}
        footer={
          ledger && <Pager offset={offset} limit={LEDGER_PAGE} total={ledger.total} onChange={setOffset} />
        }
      />
      <SimpleTable
        title={t('users.syntheses')}
        rows={user.syntheses}
        rowKey={(s) => s.id}
        empty={t('empty')}
        columns={[
          { label: t('audit.when'), cell: (s) => when(s.createdAt) },
          { label: t('users.source'), cell: (s) => s.source },
          { label: t('users.name'), cell: (s) => s.title },
          { label: t('users.characters'), cell: (s) => number(s.characters), numeric: true },
          { label: t('users.status'), cell: (s) => t(`synthesisStatus.${s.status}`) },
        ]}
      />
      <SimpleTable
        title={t('users.dubbing')}
        testId="admin-dubbing"
        rows={user.dubbingProjects}
        rowKey={(d) => d.id}
        empty={t('empty')}
        columns={[
          { label: t('users.name'), cell: (d) => d.name },
          { label: t('users.status'), cell: (d) => t(`users.dubbingStatus.${d.status}`) },
          { label: t('users.duration'), cell: (d) => duration(d.durationMs), numeric: true },
          { label: t('users.createdAt'), cell: (d) => when(d.createdAt) },
          {
            label: t('users.lastRender'),
            cell: (d) =>
              d.lastRender
                ? `${when(d.lastRender.finishedAt ?? d.lastRender.createdAt)} · ${credits(d.lastRender.seconds, 'SECOND')}`
                : '—',
          },
        ]}
      />
      <SimpleTable
        title={t('users.orders')}
        rows={user.orders}
        rowKey={(o) => o.id}
        empty={t('empty')}
        columns={[
          { label: t('audit.when'), cell: (o) => when(o.createdAt) },
          { label: t('users.package'), cell: (o) => o.packageCode },
          { label: t('users.status'), cell: (o) => t(`orderStatus.${o.status}`) },
          { label: t('users.total'), cell: (o) => number(o.total), numeric: true },
        ]}
      />
      <SimpleTable
        title={t('users.apiApps')}
        rows={user.apiApps}
        rowKey={(a) => a.id}
        empty={t('empty')}
        columns={[
          { label: t('users.name'), cell: (a) => a.name },
          { label: t('users.id'), cell: (a) => `${a.tokenPrefix}…` },
          { label: t('users.requests'), cell: (a) => number(a.requestsCount), numeric: true },
          { label: t('users.status'), cell: (a) => (a.revokedAt ? t('users.revoked') : t('users.active')) },
        ]}
      />
      <SimpleTable
        title={t('users.devices')}
        rows={user.devices}
        rowKey={(d) => d.deviceId}
        empty={t('empty')}
        columns={[
          { label: t('users.name'), cell: (d) => d.name || d.deviceId },
          { label: 'IP', cell: (d) => d.ip ?? '—' },
          { label: t('users.lastSeen'), cell: (d) => when(d.lastSeenAt) },
          { label: t('users.status'), cell: (d) => (d.active ? t('users.active') : t('users.revoked')) },
        ]}
      />
    </>
  )
}
