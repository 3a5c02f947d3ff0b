'use client'
import { useEffect, useRef, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import {
  billedCharacters,
  camelizeKeys,
  dubbedSeconds,
  DUBBING_RENDER_FILES,
  type DubbingRenderFile,
} from '@loa/contracts/browser'
import { lineAt, type DubbingApi, type DubbingProjectDetail, type DubbingRender } from '@/lib/dubbing/api'
import { toast } from '@/lib/store/toast-store'
import { useCreditFormat } from '@/components/payments/useCreditFormat'
import { useWalletBalance } from '@/components/payments/useWalletBalance'
import { useDubbingErrors } from './useDubbingApi'

/** Render with live progress and cancel; then the player (subtitle of the moment, video when there is one) and downloads. */
export function RenderPanel({
  api,
  project,
  render,
  onRender,
  onFinished,
  onLine,
}: {
  api: DubbingApi
  project: DubbingProjectDetail
  render: DubbingRender | null
  onRender: (render: DubbingRender) => void
  onFinished: () => void
  onLine: (lineId: string | null) => void
}) {
  const t = useTranslations('dubbing')
  const tErr = useTranslations('dubbing.errors')
  const tc = useTranslations('checkout')
  const showError = useDubbingErrors()
  const [media, setMedia] = useState<{ url: string; video: boolean } | null>(null)
  const [saying, setSaying] = useState<string>('')
  // The charge before it starts (issue 28): the span of the lines with speech times the voices' credit factor
  // (issue 26), rounded as the api reserves it.
  const seconds = billedCharacters(
    dubbedSeconds(project.lines.filter((l) => l.speech !== '')),
    project.creditFactor,
  )
  const credits = useCreditFormat()
  const wallet = useWalletBalance('aidubbing')
  const running = render?.status === 'IN_PROGRESS'
  const finished = useRef(onFinished)
  finished.current = () => {
    wallet.reload()
    onFinished()
  }

  // Live progress over SSE while a render runs.
  useEffect(() => {
    if (!render || render.status !== 'IN_PROGRESS') return
    let source: EventSource | undefined
    let closed = false
    void api.eventsUrl(render.id).then((url) => {
      if (closed) return
      source = new EventSource(url)
      const update = (e: MessageEvent<string>) => onRender(camelizeKeys<DubbingRender>(JSON.parse(e.data)))
      source.addEventListener('progress', update as EventListener)
      source.addEventListener('done', ((e: MessageEvent<string>) => {
        update(e)
        source?.close()
        finished.current()
      }) as EventListener)
    })
    return () => {
      closed = true
      source?.close()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [render?.id, render?.status === 'IN_PROGRESS'])

  // What the player plays: the muxed video, else the mix, else the dub.
  useEffect(() => {
    setMedia(null)
    if (render?.status !== 'SUCCESS') return
    const file: DubbingRenderFile = render.files.includes('video_mp4')
      ? 'video_mp4'
      : render.files.includes('mix_mp3')
        ? 'mix_mp3'
        : 'track_mp3'
    api
      .download(render.id, file)
      .then((r) => setMedia({ url: r.url, video: file === 'video_mp4' }), showError)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [render?.id, render?.status])

  const start = async () => {
    try {
      onRender(await api.render(project.id))
      wallet.reload()
    } catch (error) {
      showError(error)
    }
  }
  const cancel = async () => {
    if (!render) return
    try {
      onRender(await api.cancel(render.id))
      wallet.reload()
      toast.success(t('cancelled'))
    } catch (error) {
      showError(error)
    }
  }
  const download = async (file: DubbingRenderFile) => {
    if (!render) return
    try {
      const { url } = await api.download(render.id, file)
      window.location.assign(url)
    } catch (error) {
      showError(error)
    }
  }
  const onTime = (seconds: number) => {
    const line = lineAt(project.lines, seconds * 1000)
    setSaying(line?.speech ?? '')
    onLine(line?.id ?? null)
  }

  return (
    <section className="dub-panel" aria-labelledby="dub-render">
      <h2 id="dub-render">{t('result')}</h2>
      <p className="muted" data-testid="dub-cost">
        {t('cost', { cost: credits(seconds, 'SECOND') })}
        {project.creditFactor !== 1 && ` ${t('costFactor', { factor: project.creditFactor })}`}
      </p>
      <p className="muted" data-testid="dub-balance">
        {t('balance', { balance: wallet.balance === null ? '…' : credits(wallet.balance, 'SECOND') })}
      </p>
      <div className="dub-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={running || seconds === 0}
          onClick={() => void start()}
        >
          {t('render')}
        </button>
        {running && (
          <button type="button" className="btn btn-outline" onClick={() => void cancel()}>
            {t('cancel')}
          </button>
        )}
      </div>
      {running && (
        <>
          <progress className="dub-progress" max={100} value={render.progress} />
          <p role="status">{t('rendering', { percent: render.progress })}</p>
        </>
      )}
      {render?.status === 'FAILURE' && (
        <p className="dub-error" role="alert">
          {t('failed', { message: render.errorCode ? tErr(render.errorCode) : (render.errorMessage ?? '') })}
        </p>
      )}
      {render?.status === 'SUCCESS' && render.summary && (
        <p role="status" data-testid="dub-summary">
          {t('summary', { ...render.summary })}
        </p>
      )}
      {render?.status === 'SUCCESS' && (
        <p className="muted" data-testid="dub-charged">
          {tc('charged', { charged: credits(render.seconds, 'SECOND') })}
        </p>
      )}
      {media && (
        <div className="dub-player">
          <h3>{t('player')}</h3>
          {media.video ? (
            <video
              src={media.url}
              controls
              playsInline
              onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)}
            />
          ) : (
            <audio
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
      )}
      {render?.status === 'SUCCESS' && (
        <div>
          <h3>{t('downloads')}</h3>
          <ul className="dub-downloads">
            {DUBBING_RENDER_FILES.map((file) => {
              const ready = render.files.includes(file)
              const media = file === 'mix_mp3' || file === 'video_mp4'
              const why = !ready && media && render.mixError ? tErr(render.mixError) : null
              if (!ready && !why && media && !project.media) return null
              return (
                <li key={file}>
                  <button
                    type="button"
                    disabled={!ready}
                    onClick={() => void download(file)}
                    data-file={file}
                  >
                    {t(`file_${file}`)}
                  </button>
                  {why && <span className="muted"> {why}</span>}
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </section>
  )
}
