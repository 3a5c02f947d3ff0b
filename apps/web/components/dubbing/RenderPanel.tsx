'use client'
import { useEffect, useRef } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import {
  billedCharacters,
  camelizeKeys,
  dubbedSeconds,
  DUBBING_RENDER_FILES,
  type DubbingRenderFile,
} from '@loa/contracts/browser'
import type { DubbingApi, DubbingProjectDetail, DubbingRender } from '@/lib/dubbing/api'
import { toast } from '@/lib/store/toast-store'
import { useCreditFormat } from '@/components/payments/useCreditFormat'
import { useWalletBalance } from '@/components/payments/useWalletBalance'
import { useDubbingErrors } from './useDubbingApi'

/** Render with its cost, live progress and cancel; then the summary and the downloads (the player is above the lines). */
export function RenderPanel({
  api,
  project,
  render,
  onRender,
  onFinished,
}: {
  api: DubbingApi
  project: DubbingProjectDetail
  render: DubbingRender | null
  onRender: (render: DubbingRender) => void
  onFinished: () => void
}) {
  const t = useTranslations('dubbing')
  const tErr = useTranslations('dubbing.errors')
  const tc = useTranslations('checkout')
  const showError = useDubbingErrors()
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
        <Button variant="primary" busy={running} disabled={seconds === 0} onClick={() => void start()}>
          {t('render')}
        </Button>
        {running && <Button onClick={() => void cancel()}>{t('cancel')}</Button>}
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
                  <Button size="sm" disabled={!ready} onClick={() => void download(file)} data-file={file}>
                    {t(`file_${file}`)}
                  </Button>
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
