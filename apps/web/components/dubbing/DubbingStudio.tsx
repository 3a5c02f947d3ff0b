'use client'
import { useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { ProjectEditor } from './ProjectEditor'
import { ProjectList } from './ProjectList'
import { useDubbingApi } from './useDubbingApi'
import './dubbing.css'
import './timeline.css'

/** The Dubbing studio: the project list, or one project open (its id kept in the URL's `?project=`). */
export function DubbingStudio() {
  const t = useTranslations('dubbing')
  const api = useDubbingApi()
  const [projectId, setProjectId] = useState<string | null>(null)

  useEffect(() => {
    setProjectId(new URLSearchParams(window.location.search).get('project'))
  }, [])
  const open = (id: string | null) => {
    const url = new URL(window.location.href)
    if (id) url.searchParams.set('project', id)
    else url.searchParams.delete('project')
    window.history.pushState(null, '', url)
    setProjectId(id)
  }

  return (
    <div className="dub-studio">
      <p className="muted">{t('intro')}</p>
      {projectId ? (
        <ProjectEditor key={projectId} api={api} projectId={projectId} onBack={() => open(null)} />
      ) : (
        <ProjectList api={api} onOpen={open} />
      )}
    </div>
  )
}
