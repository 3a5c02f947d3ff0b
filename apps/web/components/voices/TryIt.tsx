'use client'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { TryItVoice } from '@/lib/voices'
import { DEMO_TEXT_MAX, openDemoSynthesis } from '@/lib/api/demo-synthesis'
import { MP3_MIME, canStreamAudio, streamIntoMediaSource } from '@/lib/audio/progressive'
import { errorKey } from '@/lib/errors'
import { getFingerprint } from '@/lib/visitor/fingerprint'
import { toast } from '@/lib/store/toast-store'
import { usePublicConfig } from '@/components/shell/config-context'
import { Button } from '@/components/ui/Button'

/** How the audio reaches the player: appended to a MediaSource as it streams in, or as one file once complete. */
type Delivery = 'stream' | 'file'

/**
 * Try-it box: up to 300 characters → streamed audio from the demo synthesis endpoint, with a chosen voice. Playback
 * starts with the first bytes (MediaSource) where the browser can, else once the whole file is in.
 */
export function TryIt({ voices }: { voices: TryItVoice[] }) {
  const t = useTranslations()
  const { apiUrl } = usePublicConfig()
  const id = useId()
  const [text, setText] = useState('')
  const [voiceCode, setVoiceCode] = useState(voices[0]?.code ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [audio, setAudio] = useState<{ url: string; delivery: Delivery } | null>(null)
  const audioRef = useRef<HTMLAudioElement>(null)
  const request = useRef<AbortController | null>(null)

  useEffect(
    () => () => {
      if (audio) URL.revokeObjectURL(audio.url)
    },
    [audio],
  )
  useEffect(() => () => request.current?.abort(), [])

  const fail = (code: string) => {
    const message = t(`errors.${errorKey(code)}`)
    setError(message)
    toast.error(message)
  }
  const play = () => void audioRef.current?.play().catch(() => undefined)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const trimmed = text.trim()
    if (!trimmed) {
      setError(t('tryIt.empty'))
      return
    }
    request.current?.abort()
    const controller = new AbortController()
    request.current = controller
    setBusy(true)
    setError(null)
    const opened = await openDemoSynthesis(
      apiUrl,
      { text: trimmed.slice(0, DEMO_TEXT_MAX), voiceCode, fingerprint: getFingerprint() },
      { signal: controller.signal },
    )
    if (controller.signal.aborted) return
    if (!opened.ok) {
      setBusy(false)
      fail(opened.errorCode)
      return
    }
    const body = opened.response.body
    if (body && canStreamAudio(MP3_MIME)) {
      const source = new MediaSource()
      setAudio({ url: URL.createObjectURL(source), delivery: 'stream' })
      try {
        const bytes = await streamIntoMediaSource(source, body, {
          mime: MP3_MIME,
          signal: controller.signal,
          onData: () => {
            setBusy(false)
            play()
          },
        })
        if (!bytes && !controller.signal.aborted) fail('DEMO_SYNTHESIS_UNAVAILABLE')
      } catch {
        if (!controller.signal.aborted) fail('UNKNOWN')
      }
      if (!controller.signal.aborted) setBusy(false)
      return
    }
    const file = await opened.response.blob().catch(() => null)
    if (controller.signal.aborted) return
    setBusy(false)
    if (!file?.size) {
      fail('DEMO_SYNTHESIS_UNAVAILABLE')
      return
    }
    setAudio({ url: URL.createObjectURL(file), delivery: 'file' })
    requestAnimationFrame(play)
  }

  return (
    <form className="try-it" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`}>{t('tryIt.label')}</label>
      <textarea
        id={`${id}-text`}
        value={text}
        maxLength={DEMO_TEXT_MAX}
        rows={4}
        placeholder={t('tryIt.placeholder')}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        onChange={(e) => setText(e.target.value.slice(0, DEMO_TEXT_MAX))}
      />
      <div className="try-it-row">
        <span id={`${id}-count`} className="muted" aria-live="polite">
          {t('tryIt.counter', { count: text.length, max: DEMO_TEXT_MAX })}
        </span>
        <label htmlFor={`${id}-voice`} className="sr-only">
          {t('tryIt.voice')}
        </label>
        <select id={`${id}-voice`} value={voiceCode} onChange={(e) => setVoiceCode(e.target.value)}>
          {voices.map((v) => (
            <option key={v.code} value={v.code}>
              {v.name} · {t(`voices.regions.${v.region}`)} · {t(`voices.genders.${v.gender}`)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="primary" disabled={busy || !voiceCode}>
          {busy ? t('tryIt.loading') : t('tryIt.submit')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {audio && (
        <audio
          ref={audioRef}
          controls
          src={audio.url}
          data-delivery={audio.delivery}
          aria-label={t('tryIt.player')}
        />
      )}
    </form>
  )
}
