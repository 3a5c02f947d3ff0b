'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import { uploadWithProgress, type DubbingApi, type DubbingProject } from '@/lib/dubbing/api'
import { toast } from '@/lib/store/toast-store'
import { UploadField } from './UploadField'
import { useDubbingErrors } from './useDubbingApi'

const SUBTITLE_ACCEPT = '.srt,.vtt,.ass'

/** The user's projects (from the server): create from an uploaded subtitle file, open, rename, duplicate, delete. */
export function ProjectList({ api, onOpen }: { api: DubbingApi; onOpen: (id: string) => void }) {
  const t = useTranslations('dubbing')
  const locale = useLocale()
  const showError = useDubbingErrors()
  const [projects, setProjects] = useState<DubbingProject[] | null>(null)
  const [upload, setUpload] = useState<number | null>(null)

  const load = useCallback(() => {
    api.projects().then(setProjects, showError)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api])
  useEffect(load, [load])

  const create = async (file: File) => {
    try {
      setUpload(0)
      const target = await api.uploadUrl(file.name.split('.').pop() ?? '', file.size)
      await uploadWithProgress(target, file, setUpload)
      const project = await api.create({ name: file.name.replace(/\.[^.]+$/, ''), subtitleKey: target.key })
      onOpen(project.id)
    } catch (error) {
      showError(error)
    } finally {
      setUpload(null)
    }
  }

  const act = async (fn: () => Promise<unknown>, message?: string) => {
    try {
      await fn()
      if (message) toast.success(message)
      load()
    } catch (error) {
      showError(error)
    }
  }

  return (
    <section className="dub-panel" aria-labelledby="dub-projects">
      <h2 id="dub-projects">{t('projects')}</h2>
      <UploadField
        label={t('newProject')}
        inputLabel={t('chooseSubtitle')}
        accept={SUBTITLE_ACCEPT}
        progress={upload}
        onFile={(file) => void create(file)}
      />
      {projects?.length === 0 && <p className="muted">{t('noProjects')}</p>}
      <ul className="dub-projects">
        {projects?.map((p) => (
          <li key={p.id} data-testid="dub-project">
            <Button variant="quiet" className="dub-project-name" onClick={() => onOpen(p.id)}>
              {p.name}
            </Button>
            <span className="muted">
              {p.subtitleFormat.toUpperCase()} ·{' '}
              {t('updated', { date: new Date(p.updatedAt).toLocaleString(locale) })}
            </span>
            <span className="dub-actions">
              <Button
                variant="quiet"
                onClick={() => {
                  const name = window.prompt(t('renamePrompt'), p.name)
                  if (name?.trim()) void act(() => api.update(p.id, { name: name.trim() }))
                }}
              >
                {t('rename')}
              </Button>
              <Button variant="quiet" onClick={() => void act(() => api.duplicate(p.id))}>
                {t('duplicate')}
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  if (window.confirm(t('deleteConfirm', { name: p.name })))
                    void act(() => api.remove(p.id), t('deleted'))
                }}
              >
                {t('delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
