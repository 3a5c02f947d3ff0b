'use client'
import { useCallback, useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import { Tabs } from '@/components/ui/Tabs'
import type { Voice } from '@/lib/api/types'
import {
  uploadWithProgress,
  type DubbingApi,
  type DubbingLine,
  type DubbingProjectDetail,
  type DubbingRender,
} from '@/lib/dubbing/api'
import type { Timing } from '@/lib/dubbing/timeline'
import { errorCodeOf } from '@/lib/studio/errors'
import { toast } from '@/lib/store/toast-store'
import { DubPlayer, usePlayerMedia } from './DubPlayer'
import type { LineEdit } from './LineForm'
import { LinePanel } from './LinePanel'
import { LinesList, LinesNotes } from './LinesList'
import { MediaPanel } from './MediaPanel'
import { RenderPanel } from './RenderPanel'
import { SpeakersPanel } from './SpeakersPanel'
import { Timeline } from './Timeline'
import { TypesettingPanel } from './TypesettingPanel'
import { useDubbingErrors } from './useDubbingApi'
import { useEditorView } from './useEditorView'

/** One project: the player on top; the lines as a timeline (or a list); media, speakers and voices, render. */
export function ProjectEditor({
  api,
  projectId,
  onBack,
}: {
  api: DubbingApi
  projectId: string
  onBack: () => void
}) {
  const t = useTranslations('dubbing')
  const showError = useDubbingErrors()
  const [project, setProject] = useState<DubbingProjectDetail | null>(null)
  const [voices, setVoices] = useState<Voice[]>([])
  const [render, setRender] = useState<DubbingRender | null>(null)
  const [upload, setUpload] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [activeLine, setActiveLine] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [mediaElement, setMediaElement] = useState<HTMLMediaElement | null>(null)
  const [view, setView] = useEditorView()

  const load = useCallback(async () => {
    try {
      const p = await api.project(projectId)
      setProject(p)
      setRender((r) => (r && r.status === 'IN_PROGRESS' ? r : p.lastRender))
    } catch (error) {
      showError(error)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, projectId])
  useEffect(() => {
    void load()
    api.dubbingVoices().then(setVoices, showError)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load])

  const step = async (fn: () => Promise<unknown>, reload = true) => {
    setBusy(true)
    try {
      await fn()
      if (reload) await load()
    } catch (error) {
      showLineError(error)
    } finally {
      setBusy(false)
    }
  }
  /** A line the API refuses for its times is said in words that fit a line edit (not a file's line number). */
  const showLineError = (error: unknown) =>
    errorCodeOf(error) === 'DUBBING_BAD_TIMESTAMP' ? toast.error(t('lineBadRange')) : showError(error)

  const attachMedia = async (file: File) => {
    try {
      setUpload(0)
      const target = await api.uploadUrl(file.name.split('.').pop() ?? '', file.size)
      await uploadWithProgress(target, file, setUpload)
      await api.attachMedia(projectId, target.key)
      await load()
    } catch (error) {
      showError(error)
    } finally {
      setUpload(null)
    }
  }

  const preview = (line: DubbingLine) =>
    step(async () => {
      const url = await api.preview(projectId, line.id)
      const audio = new Audio(url)
      audio.onended = () => URL.revokeObjectURL(url)
      await audio.play().catch(() => undefined)
    }, false)
  const saveLine = (line: DubbingLine, edit: LineEdit) =>
    step(async () => {
      await api.editLine(projectId, line.id, edit)
      toast.success(t('saved'))
    })
  const regenerate = (line: DubbingLine) =>
    void step(async () => setRender(await api.regenerate(projectId, line.id)), false)
  /** A drag or a key moved a line on the timeline: saved through the line edit, false when refused. */
  const retime = async (line: DubbingLine, timing: Timing): Promise<boolean> => {
    try {
      await api.editLine(projectId, line.id, timing)
      await load()
      toast.success(t('timeline.retimed'))
      return true
    } catch (error) {
      showLineError(error)
      return false
    }
  }

  const media = usePlayerMedia(api, project, render)
  if (!project) return <p className="muted">…</p>
  const speakerNames = project.speakers.map((s) => s.name)
  const selectedLine = project.lines.find((l) => l.id === selected) ?? null
  const settings = (
    <>
      <MediaPanel
        project={project}
        upload={upload}
        onFile={(file) => void attachMedia(file)}
        onMix={(mix) => void step(() => api.update(projectId, mix))}
      />
      <SpeakersPanel
        project={project}
        voices={voices}
        onDefaultVoice={(code) => void step(() => api.update(projectId, { voiceCode: code }))}
        onSpeaker={(name, voiceCode, speed) =>
          void step(() => api.setSpeaker(projectId, name, voiceCode, speed))
        }
      />
      <RenderPanel
        api={api}
        project={project}
        render={render}
        onRender={setRender}
        onFinished={() => void load()}
      />
    </>
  )

  return (
    <div className="dub-editor">
      <p>
        <Button variant="quiet" className="dub-back" onClick={onBack}>
          ← {t('back')}
        </Button>
      </p>
      <h2 className="dub-title">{project.name}</h2>
      {project.notices.length > 0 && (
        <details className="dub-notices">
          <summary>
            {t('notices')} ({project.notices.length})
          </summary>
          <ul>
            {project.notices.map((n) => (
              <li key={`${n.code}-${n.line}`}>
                {n.cue !== undefined ? t('noticeAtCue', { line: n.line, cue: n.cue }) : n.line}: {n.message} (
                {n.code})
              </li>
            ))}
          </ul>
        </details>
      )}
      {project.subtitleFormat === 'ass' && project.subtitlesKept && (
        <TypesettingPanel
          key={JSON.stringify(project.typesetting)}
          rule={project.typesetting}
          busy={busy}
          onApply={(typesetting) =>
            void step(async () => {
              await api.update(projectId, { typesetting })
              toast.success(t('typesettingApplied'))
            })
          }
        />
      )}
      <DubPlayer media={media} project={project} onElement={setMediaElement} onLine={setActiveLine} />
      <h2 id="dub-lines" className="dub-lines-title">
        {t('lines')} ({project.lines.length})
      </h2>
      <LinesNotes lines={project.lines} />
      <Tabs
        label={t('timeline.view')}
        items={[
          { value: 'timeline', label: t('timeline.viewTimeline') },
          { value: 'list', label: t('timeline.viewList') },
        ]}
        value={view}
        onChange={setView}
      >
        {view === 'timeline' ? (
          <>
            <div className="dub-stage">
              <Timeline
                lines={project.lines}
                speakers={speakerNames}
                mediaMs={project.media?.durationMs ?? null}
                media={mediaElement}
                waveUrl={media && !media.video ? media.url : null}
                selectedId={selected}
                onSelect={setSelected}
                onRetime={retime}
              />
              <LinePanel
                line={selectedLine}
                speakers={speakerNames}
                busy={busy}
                media={mediaElement}
                onSave={saveLine}
                onPreview={(line) => void preview(line)}
                onRegenerate={regenerate}
                onClose={() => setSelected(null)}
              />
            </div>
            <div className="dub-settings">{settings}</div>
          </>
        ) : (
          <div className="dub-columns">
            <div>{settings}</div>
            <LinesList
              lines={project.lines}
              speakers={speakerNames}
              activeLine={activeLine}
              busy={busy}
              onSave={saveLine}
              onPreview={(line) => void preview(line)}
              onRegenerate={regenerate}
            />
          </div>
        )}
      </Tabs>
    </div>
  )
}
