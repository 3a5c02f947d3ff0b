'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { StudioApi } from '@/lib/studio/api'
import type { StudioProject, StudioProjectSummary } from '@/lib/studio/projects'
import { Pager } from './Pager'
import { StudioDialog } from './StudioDialog'
import './projects.css'

const PAGE = 20

/**
 * The user's studio projects saved on the server, last saved first: open one, rename, delete (asked twice),
 * start a new one. A list of cards that wraps at 360 px.
 */
export function ProjectsDialog({
  api,
  open,
  currentId,
  onOpen,
  onNew,
  onRenamed,
  onDeleted,
  onError,
  onClose,
}: {
  api: StudioApi
  open: boolean
  currentId: string | null
  onOpen: (id: string) => void
  onNew: () => void
  onRenamed: (project: StudioProject) => void
  onDeleted: (id: string) => void
  onError: (error: unknown) => void
  onClose: () => void
}) {
  const t = useTranslations('studio.projects')
  const locale = useLocale()
  const [items, setItems] = useState<StudioProjectSummary[] | null>(null)
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(0)
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null)
  const [confirming, setConfirming] = useState<string | null>(null)

  const load = useCallback(() => {
    api
      .projects({ offset: page * PAGE, limit: PAGE })
      .then((r) => {
        setItems(r.items)
        setTotal(r.total)
      })
      .catch((error: unknown) => {
        setItems([])
        onError(error)
      })
  }, [api, page, onError])
  useEffect(() => {
    if (open) load()
  }, [open, load])

  const rename = async (id: string, title: string) => {
    if (!title.trim()) return
    try {
      onRenamed(await api.renameProject(id, title.trim()))
      setRenaming(null)
      load()
    } catch (error) {
      onError(error)
    }
  }

  const remove = async (id: string) => {
    try {
      await api.removeProject(id)
      setConfirming(null)
      onDeleted(id)
      load()
    } catch (error) {
      onError(error)
    }
  }

  const name = (p: StudioProjectSummary) => p.title || p.excerpt.slice(0, 60) || t('untitled')

  return (
    <StudioDialog
      open={open}
      titleId="projects-title"
      title={t('title')}
      closeLabel={t('close')}
      onClose={onClose}
      testId="projects"
    >
      <div className="studio-row">
        <button type="button" className="btn btn-primary" onClick={onNew}>
          {t('new')}
        </button>
        <span className="muted">{t('count', { n: total })}</span>
      </div>
      {items === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="studio-history-list studio-projects" data-testid="project-list">
          {items.map((p) => (
            <li key={p.id} className="studio-project" aria-current={p.id === currentId ? 'true' : undefined}>
              {renaming?.id === p.id ? (
                <form
                  className="studio-project-rename"
                  onSubmit={(e) => {
                    e.preventDefault()
                    void rename(p.id, renaming.title)
                  }}
                >
                  <label>
                    <span className="sr-only">{t('newName')}</span>
                    <input
                      value={renaming.title}
                      maxLength={200}
                      autoFocus
                      onChange={(e) => setRenaming({ id: p.id, title: e.target.value })}
                    />
                  </label>
                  <button type="submit" className="btn btn-primary" disabled={!renaming.title.trim()}>
                    {t('saveName')}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => setRenaming(null)}>
                    {t('cancel')}
                  </button>
                </form>
              ) : (
                <div className="studio-project-text">
                  <strong>{name(p)}</strong>
                  {p.id === currentId && <span className="badge">{t('current')}</span>}
                  <span className="muted">
                    {t('meta', {
                      n: p.characters.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN'),
                      time: new Date(p.updatedAt).toLocaleString(locale),
                    })}
                  </span>
                </div>
              )}
              {confirming === p.id ? (
                <div
                  className="studio-project-actions"
                  role="group"
                  aria-label={t('confirmDelete', { name: name(p) })}
                >
                  <span>{t('confirmDelete', { name: name(p) })}</span>
                  <button type="button" className="btn btn-outline" onClick={() => void remove(p.id)}>
                    {t('deleteYes')}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)}>
                    {t('cancel')}
                  </button>
                </div>
              ) : (
                renaming?.id !== p.id && (
                  <div className="studio-project-actions">
                    <button
                      type="button"
                      className="btn btn-outline"
                      aria-label={t('openNamed', { name: name(p) })}
                      onClick={() => onOpen(p.id)}
                    >
                      {t('open')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t('renameNamed', { name: name(p) })}
                      onClick={() => setRenaming({ id: p.id, title: p.title || name(p) })}
                    >
                      {t('rename')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t('deleteNamed', { name: name(p) })}
                      onClick={() => setConfirming(p.id)}
                    >
                      {t('delete')}
                    </button>
                  </div>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={total} size={PAGE} onPage={setPage} namespace="studio.projects" />
    </StudioDialog>
  )
}
