'use client'
import { useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { DubbingRenderFile } from '@loa/contracts/browser'
import { lineAt, type DubbingApi, type DubbingProjectDetail, type DubbingRender } from '@/lib/dubbing/api'
import { useDubbingErrors } from './useDubbingApi'

/** What the editor plays: the finished dub (its video, else its mix, else the track), else the source media. */
export interface PlayerMedia {
  url: string
  video: boolean
  /** The dub of the last render, or the uploaded source. */
  source: 'dub' | 'original'
}

/** Finds what to play for a project and its last render (null while there is nothing to play). */
export const usePlayerMedia = (
  api: DubbingApi,
  project: DubbingProjectDetail | null,
  render: DubbingRender | null,
): PlayerMedia | null => {
  const showError = useDubbingErrors()
  const [media, setMedia] = useState<PlayerMedia | null>(null)
  const hasSource = !!project?.media
  const projectId = project?.id
  useEffect(() => {
    let current = true
    setMedia(null)
    if (!projectId) return
    if (render?.status === 'SUCCESS') {
      const file: DubbingRenderFile = render.files.includes('video_mp4')
        ? 'video_mp4'
        : render.files.includes('mix_mp3')
          ? 'mix_mp3'
          : 'track_mp3'
      api.download(render.id, file).then((r) => {
        if (current) setMedia({ url: r.url, video: file === 'video_mp4', source: 'dub' })
      }, showError)
    } else if (hasSource && render?.status !== 'IN_PROGRESS') {
      api.mediaUrl(projectId).then((r) => {
        if (current) setMedia({ url: r.url, video: r.kind === 'video', source: 'original' })
      }, showError)
    }
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, render?.id, render?.status, hasSource, project?.media?.durationMs])
  return media
}

/**
 * The editor's player on top of the lines: the video, or the sound's controls (its waveform is the timeline's
 * first row); under it the line being said. The timeline follows the element it reports through `onElement`.
 */
export function DubPlayer({
  media,
  project,
  onElement,
  onLine,
}: {
  media: PlayerMedia | null
  project: DubbingProjectDetail
  onElement: (element: HTMLMediaElement | null) => void
  onLine: (lineId: string | null) => void
}) {
  const t = useTranslations('dubbing')
  const [saying, setSaying] = useState('')
  const onTime = (seconds: number) => {
    const line = lineAt(project.lines, seconds * 1000)
    setSaying(line?.speech ?? '')
    onLine(line?.id ?? null)
  }
  if (!media)
    return (
      <p className="muted dub-player-empty" data-testid="dub-player-empty">
        {t('nothingToPlay')}
      </p>
    )
  return (
    <div className="dub-player">
      <p className="muted dub-player-source">
        {t(media.source === 'dub' ? 'playingDub' : 'playingOriginal')}
      </p>
      {media.video ? (
        <video
          key={media.url}
          ref={onElement}
          src={media.url}
          controls
          playsInline
          onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)}
        />
      ) : (
        <audio
          key={media.url}
          ref={onElement}
          src={media.url}
          controls
          onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)}
          data-testid="dub-audio"
        />
      )}
      <p className="dub-now" aria-live="polite">
        <span className="muted">{t('nowSaying')}: </span>
        <span data-testid="dub-now">{saying}</span>
      </p>
    </div>
  )
}
