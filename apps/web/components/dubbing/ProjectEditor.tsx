'use client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { Voice } from '@/lib/api/types'
import {
  clock,
  uploadWithProgress,
  type DubbingApi,
  type DubbingLine,
  type DubbingProjectDetail,
  type DubbingRender,
} from '@/lib/dubbing/api'
import { toast } from '@/lib/store/toast-store'
import { LineRow, type LineEdit } from './LineRow'
import { RenderPanel } from './RenderPanel'
import { SpeakersPanel } from './SpeakersPanel'
import { TypesettingPanel } from './TypesettingPanel'
import { UploadField } from './UploadField'
import { useDubbingErrors } from './useDubbingApi'

const MEDIA_ACCEPT = '.mp4,.mov,.mkv,.webm,.mp3,.wav,.m4a'

/** One project: media, speakers and voices, the line editor, render, player and downloads. */
/** Lines that cannot fit come first (the export waits for them), then every line in order. */
const unresolvedFirst = (lines: readonly DubbingLine[]): DubbingLine[] => [
  ...lines.filter((l) => l.fit?.action === 'unresolved'),
  ...lines.filter((l) => l.fit?.action !== 'unresolved'),
]

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
  const previewAudio = useRef<HTMLAudioElement | null>(null)

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
      showError(error)
    } finally {
      setBusy(false)
    }
  }

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

  const preview = (lineId: string) =>
    step(async () => {
      const url = await api.preview(projectId, lineId)
      previewAudio.current?.pause()
      const audio = new Audio(url)
      audio.onended = () => URL.revokeObjectURL(url)
      previewAudio.current = audio
      await audio.play().catch(() => undefined)
    }, false)

  if (!project) return <p className="muted">…</p>
  const speakerNames = project.speakers.map((s) => s.name)

  return (
    <div className="dub-editor">
      <p>
        <button type="button" className="dub-back" onClick={onBack}>
          ← {t('back')}
        </button>
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
      <div className="dub-columns">
        <div>
          <section className="dub-panel" aria-labelledby="dub-media">
            <h2 id="dub-media">{t('media')}</h2>
            <p className="muted">
              {project.media
                ? t('mediaAttached', {
                    kind: t(project.media.kind === 'video' ? 'video' : 'audio'),
                    duration: project.media.durationMs ? clock(project.media.durationMs) : '?',
                  })
                : t('noMedia')}
            </p>
            <UploadField
              label={t('chooseMedia')}
              inputLabel={t('chooseMedia')}
              accept={MEDIA_ACCEPT}
              progress={upload}
              onFile={(file) => void attachMedia(file)}
            />
            {project.media && (
              <div className="dub-mix">
                <label className="dub-field">
                  <span>{t('duck')}</span>
                  <input
                    type="number"
                    min={-60}
                    max={0}
                    value={project.duckDb}
                    onChange={(e) =>
                      void step(() => api.update(projectId, { duckDb: Number(e.target.value) }))
                    }
                  />
                </label>
                <label className="dub-check">
                  <input
                    type="checkbox"
                    checked={project.muteOriginal}
                    onChange={(e) =>
                      void step(() => api.update(projectId, { muteOriginal: e.target.checked }))
                    }
                  />
                  <span>{t('mute')}</span>
                </label>
              </div>
            )}
          </section>
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
            onLine={setActiveLine}
          />
        </div>
        <section className="dub-panel" aria-labelledby="dub-lines">
          <h2 id="dub-lines">
            {t('lines')} ({project.lines.length})
          </h2>
          {project.lines.some((l) => l.fit?.action === 'unresolved') && (
            <p className="dub-error" role="status" data-testid="dub-held">
              {t('unresolvedHeld', {
                count: project.lines.filter((l) => l.fit?.action === 'unresolved').length,
              })}
            </p>
          )}
          {project.lines.some((l) => !l.voiceReadsLanguage) && (
            <p className="dub-warning" role="status" data-testid="dub-foreign">
              {t('languageLines', { count: project.lines.filter((l) => !l.voiceReadsLanguage).length })}
            </p>
          )}
          <ol className="dub-lines">
            {unresolvedFirst(project.lines).map((line) => (
              <LineRow
                key={`${line.id}-${line.text}-${line.startMs}-${line.endMs}-${line.speaker}`}
                line={line}
                speakers={speakerNames}
                active={line.id === activeLine}
                busy={busy}
                onSave={(edit: LineEdit) =>
                  step(async () => {
                    await api.editLine(projectId, line.id, edit)
                    toast.success(t('saved'))
                  })
                }
                onPreview={() => void preview(line.id)}
                onRegenerate={() =>
                  void step(async () => setRender(await api.regenerate(projectId, line.id)), false)
                }
              />
            ))}
          </ol>
        </section>
      </div>
    </div>
  )
}
