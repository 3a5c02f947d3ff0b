'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type CatalogueRow, type Page } from './admin-api'
import { CatalogueForm } from './CatalogueForm'
import { Pager } from './Pager'
import { VoiceSample } from './VoiceSample'
import { Button } from '@/components/ui/Button'

const LIMIT = 50

interface Resource {
  path: string
  title: string
  key: 'code' | 'slug'
  /** Extra read-only columns: field name → message key. */
  show: [string, string][]
  /** Boolean fields switched in place (`active` first). */
  switches: [string, string][]
  rank: boolean
}

const RESOURCES: Resource[] = [
  {
    path: 'voices',
    title: 'catalogue.voices',
    key: 'code',
    show: [
      ['name', 'catalogue.name'],
      ['provider', 'catalogue.provider'],
      ['attribution', 'catalogue.fields.attribution'],
      ['licence', 'catalogue.fields.licence'],
    ],
    switches: [['active', 'catalogue.active']],
    rank: true,
  },
  {
    path: 'packages',
    title: 'catalogue.packages',
    key: 'code',
    show: [
      ['name', 'catalogue.name'],
      ['price', 'catalogue.price'],
    ],
    switches: [
      ['active', 'catalogue.active'],
      ['purchasable', 'catalogue.purchasable'],
      ['isLandingPage', 'catalogue.landing'],
    ],
    rank: true,
  },
  {
    path: 'vouchers',
    title: 'catalogue.vouchers',
    key: 'code',
    show: [['title', 'catalogue.name']],
    switches: [['active', 'catalogue.active']],
    rank: false,
  },
  {
    path: 'news',
    title: 'catalogue.news',
    key: 'slug',
    show: [['title', 'catalogue.name']],
    switches: [['active', 'catalogue.active']],
    rank: false,
  },
  {
    path: 'sample-scripts',
    title: 'catalogue.sampleScripts',
    key: 'code',
    show: [['title', 'catalogue.name']],
    switches: [['active', 'catalogue.active']],
    rank: true,
  },
]

/** One catalogue resource: every row (active or not), switches and rank edited in place, each change audited. */
function ResourceTable({ resource }: { resource: Resource }) {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<Page<CatalogueRow> | null>(null)
  const [ranks, setRanks] = useState<Record<string, string>>({})
  /** The row being edited, `new` for a new one, null when no form is open. */
  const [editing, setEditing] = useState<CatalogueRow | 'new' | null>(null)
  const fail = useCallback((error: unknown) => toast.error(t(adminErrorKey(error))), [t])
  const load = useCallback(() => {
    api.list(resource.path, offset, LIMIT).then(setPage).catch(fail)
  }, [api, resource.path, offset, fail])
  useEffect(load, [load])
  const keyOf = (row: CatalogueRow) => String(row[resource.key])
  const save = async (row: CatalogueRow, change: Record<string, unknown>) => {
    try {
      await api.patch(resource.path, keyOf(row), change)
      toast.success(t('saved'))
      load()
    } catch (error) {
      fail(error)
    }
  }
  const show = (v: unknown) =>
    typeof v === 'number' ? v.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN') : String(v ?? '—')

  return (
    <section
      className="admin-section"
      aria-labelledby={`cat-${resource.path}`}
      data-testid={`catalogue-${resource.path}`}
    >
      <h2 id={`cat-${resource.path}`}>{t(resource.title)}</h2>
      {editing ? (
        <CatalogueForm
          key={editing === 'new' ? 'new' : keyOf(editing)}
          resource={resource.path}
          keyField={resource.key}
          row={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null)
            load()
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <p className="admin-inline">
          <Button variant="quiet" onClick={() => setEditing('new')}>
            {t('catalogue.new', { what: t(resource.title) })}
          </Button>
        </p>
      )}
      {!page && <p aria-busy="true">{t('loading')}</p>}
      {page && (
        <div className="admin-table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('catalogue.code')}</th>
                {resource.show.map(([, label]) => (
                  <th key={label} scope="col">
                    {t(label)}
                  </th>
                ))}
                {resource.switches.map(([, label]) => (
                  <th key={label} scope="col">
                    {t(label)}
                  </th>
                ))}
                {resource.rank && <th scope="col">{t('catalogue.rank')}</th>}
                {resource.path === 'voices' && <th scope="col">{t('catalogue.sample')}</th>}
                <th scope="col">{t('catalogue.edit')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((row) => {
                const key = keyOf(row)
                return (
                  <tr key={key}>
                    <td>{key}</td>
                    {resource.show.map(([field]) => (
                      <td key={field}>{show(row[field])}</td>
                    ))}
                    {resource.switches.map(([field, label]) => (
                      <td key={field}>
                        <input
                          type="checkbox"
                          aria-label={`${t(label)} ${key}`}
                          checked={Boolean(row[field])}
                          onChange={() => void save(row, { [field]: !row[field] })}
                        />
                      </td>
                    ))}
                    {resource.rank && (
                      <td>
                        <form
                          className="admin-inline"
                          onSubmit={(e) => {
                            e.preventDefault()
                            void save(row, { rank: Number(ranks[key] ?? row.rank) })
                          }}
                        >
                          <input
                            type="number"
                            step={1}
                            aria-label={`${t('catalogue.rank')} ${key}`}
                            value={ranks[key] ?? String(row.rank ?? 0)}
                            onChange={(e) => setRanks((r) => ({ ...r, [key]: e.target.value }))}
                          />
                          <Button type="submit" variant="quiet">
                            {t('catalogue.saveRank')}
                          </Button>
                        </form>
                      </td>
                    )}
                    {resource.path === 'voices' && (
                      <td>
                        <VoiceSample code={key} url={row.sampleAudioUrl as string | null} onChanged={load} />
                      </td>
                    )}
                    <td>
                      <Button
                        variant="quiet"
                        aria-label={`${t('catalogue.edit')} ${key}`}
                        onClick={() => setEditing(row)}
                      >
                        {t('catalogue.edit')}
                      </Button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {page && <Pager offset={offset} limit={LIMIT} total={page.total} onChange={setOffset} />}
    </section>
  )
}

export function AdminCatalogue() {
  const t = useTranslations('admin')
  return (
    <>
      <h1 id="shell-title">{t('catalogue.title')}</h1>
      {RESOURCES.map((r) => (
        <ResourceTable key={r.path} resource={r} />
      ))}
    </>
  )
}
