'use client'
import { BANNER_POSITIONS, LANDING_PAGE_POPUP_BANNER_TYPE } from '@loa/contracts/browser'
import { useCallback, useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type CatalogueRow, type Page } from './admin-api'
import { BannerPreview } from './BannerPreview'
import { SimpleTable } from './SimpleTable'
import { useAdminCommand } from './use-admin-command'
import { Button } from '@/components/ui/Button'

const empty = {
  code: '',
  type: LANDING_PAGE_POPUP_BANNER_TYPE,
  imageUrl: '',
  actionUrl: '',
  position: 'MIDDLE_CENTER',
  rank: '0',
  startsAt: '',
  endsAt: '',
}

const isoOrNull = (local: string) => (local ? new Date(local).toISOString() : null)

/** Create banners with a live preview of the nine positions (centred at ≤ 768 px); list and switch them. */
export function AdminBanners() {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const [form, setForm] = useState(empty)
  const [banners, setBanners] = useState<Page<CatalogueRow> | null>(null)
  const { busy, run } = useAdminCommand()
  const fail = useCallback((error: unknown) => toast.error(t(adminErrorKey(error))), [t])
  const load = useCallback(() => {
    api.list('banners', 0, 200).then(setBanners).catch(fail)
  }, [api, fail])
  useEffect(load, [load])
  const field = (name: keyof typeof empty) => ({
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  })

  const create = async (e: React.FormEvent) => {
    e.preventDefault()
    const code = form.code.trim()
    const created = await run(
      () =>
        api.create('banners', {
          code,
          type: form.type.trim(),
          imageUrl: form.imageUrl.trim(),
          actionUrl: form.actionUrl.trim() || null,
          position: form.position,
          rank: Number(form.rank) || 0,
          startsAt: isoOrNull(form.startsAt),
          endsAt: isoOrNull(form.endsAt),
        }),
      () => t('banners.created', { code }),
    )
    if (!created) return
    setForm(empty)
    load()
  }

  const toggle = async (row: CatalogueRow) => {
    try {
      await api.patch('banners', String(row.code), { active: !row.active })
      load()
    } catch (error) {
      fail(error)
    }
  }

  return (
    <>
      <h1 id="shell-title">{t('banners.title')}</h1>
      <div className="admin-split">
        <form
          className="admin-form"
          onSubmit={create}
          aria-labelledby="banner-create"
          data-testid="banner-form"
        >
          <h2 id="banner-create">{t('banners.create')}</h2>
          <label>
            {t('banners.code')}
            <input
              required
              minLength={2}
              maxLength={60}
              pattern="[A-Za-z0-9][A-Za-z0-9._\-]*"
              {...field('code')}
            />
          </label>
          <label>
            {t('banners.type')}
            <input required list="banner-types" {...field('type')} />
            <datalist id="banner-types">
              <option value={LANDING_PAGE_POPUP_BANNER_TYPE} />
            </datalist>
          </label>
          <label>
            {t('banners.imageUrl')}
            <input required {...field('imageUrl')} />
          </label>
          <label>
            {t('banners.actionUrl')}
            <input type="url" {...field('actionUrl')} />
          </label>
          <label>
            {t('banners.position')}
            <select {...field('position')}>
              {BANNER_POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {t(`banners.positions.${p}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('banners.rank')}
            <input type="number" step={1} {...field('rank')} />
          </label>
          <label>
            {t('banners.startsAt')}
            <input type="datetime-local" {...field('startsAt')} />
          </label>
          <label>
            {t('banners.endsAt')}
            <input type="datetime-local" {...field('endsAt')} />
          </label>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('banners.create')}
          </Button>
        </form>
        <section className="admin-section" aria-labelledby="banner-preview-title">
          <h2 id="banner-preview-title">{t('banners.preview')}</h2>
          <BannerPreview position={form.position} image={form.imageUrl} />
        </section>
      </div>
      <SimpleTable
        title={t('banners.list')}
        testId="admin-banners"
        rows={banners?.items ?? []}
        rowKey={(b) => String(b.code)}
        empty={t('empty')}
        columns={[
          { label: t('banners.code'), cell: (b) => String(b.code) },
          { label: t('banners.type'), cell: (b) => String(b.type) },
          { label: t('banners.position'), cell: (b) => t(`banners.positions.${String(b.position)}`) },
          { label: t('banners.rank'), cell: (b) => String(b.rank), numeric: true },
          {
            label: t('banners.active'),
            cell: (b) => (
              <label className="admin-switch">
                <input type="checkbox" checked={Boolean(b.active)} onChange={() => void toggle(b)} />
                <span className="sr-only">{`${t('banners.toggle')} ${String(b.code)}`}</span>
              </label>
            ),
          },
        ]}
      />
    </>
  )
}
