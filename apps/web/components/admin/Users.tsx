'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { ROUTES } from '@/lib/routes'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type Page, type UserRow } from './admin-api'
import { Pager } from './Pager'
import { Button } from '@/components/ui/Button'

const LIMIT = 20

/** Find a user by e-mail, name or id; each row opens the user's page. */
export function AdminUsers() {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<Page<UserRow> | null>(null)
  const prefix = locale === 'en' ? '/en' : ''

  const load = useCallback(
    (q: string, from: number) =>
      api
        .users(q, from, LIMIT)
        .then(setPage)
        .catch((error: unknown) => toast.error(t(adminErrorKey(error)))),
    [api, t],
  )
  useEffect(() => {
    void load(search, offset)
  }, [load, search, offset])

  return (
    <>
      <h1 id="shell-title">{t('users.title')}</h1>
      <form
        className="admin-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setOffset(0)
          setSearch(query.trim())
        }}
      >
        <label htmlFor="admin-user-search">{t('users.search')}</label>
        <input
          id="admin-user-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" variant="primary">
          {t('users.searchButton')}
        </Button>
      </form>
      {!page && <p aria-busy="true">{t('loading')}</p>}
      {page && page.items.length === 0 && <p>{t('empty')}</p>}
      {page && page.items.length > 0 && (
        <div className="admin-table-wrap">
          <table data-testid="admin-users">
            <thead>
              <tr>
                <th scope="col">{t('users.email')}</th>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.createdAt')}</th>
                <th scope="col">{t('users.status')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((u) => (
                <tr key={u.id}>
                  <td>
                    <a href={`${prefix}${ROUTES.admin}/users/${encodeURIComponent(u.id)}`}>
                      {u.email ?? u.id}
                    </a>
                  </td>
                  <td>{u.name}</td>
                  <td>{new Date(u.createdAt).toLocaleDateString(locale)}</td>
                  <td>{u.lockedAt ? t('users.locked') : t('users.active')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && <Pager offset={offset} limit={LIMIT} total={page.total} onChange={setOffset} />}
    </>
  )
}
