'use client'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { TryItVoice } from '@/lib/voices'
import { DEMO_TEXT_MAX, requestDemoSynthesis } from '@/lib/api/demo-synthesis'
import { errorKey } from '@/lib/errors'
import { toast } from '@/lib/store/toast-store'
import { usePublicConfig } from '@/components/shell/config-context'

/** Try-it box: up to 300 characters → streamed audio from the demo synthesis endpoint, with a chosen voice. */
export function TryIt({ voices }: { voices: TryItVoice[] }) {
  const t = useTranslations()
  const { apiUrl } = usePublicConfig()
  const id = useId()
  const [text, setText] = useState('')
  const [voiceCode, setVoiceCode] = useState(voices[0]?.code ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [audioUrl, setAudioUrl] = useState<string | null>(null)
  const audioRef = useRef<HTMLAudioElement>(null)

  useEffect(
    () => () => {
      if (audioUrl) URL.revokeObjectURL(audioUrl)
    },
    [audioUrl],
  )

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const trimmed = text.trim()
    if (!trimmed) {
      setError(t('tryIt.empty'))
      return
    }
    setBusy(true)
    setError(null)
    const result = await requestDemoSynthesis(apiUrl, { text: trimmed.slice(0, DEMO_TEXT_MAX), voiceCode })
    setBusy(false)
    if (!result.ok) {
      const message = t(`errors.${errorKey(result.errorCode)}`)
      setError(message)
      toast.error(message)
      return
    }
    setAudioUrl(URL.createObjectURL(result.audio))
    requestAnimationFrame(() => void audioRef.current?.play().catch(() => undefined))
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
        <button type="submit" className="btn btn-primary" disabled={busy || !voiceCode}>
          {busy ? t('tryIt.loading') : t('tryIt.submit')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {audioUrl && <audio ref={audioRef} controls src={audioUrl} aria-label={t('tryIt.player')} />}
    </form>
  )
}
