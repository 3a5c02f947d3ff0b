'use client'
import { useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import {
  audioLinkOf,
  errorCodeOfAnswer,
  pollUntilDone,
  runningRequestId,
  type TryResponse,
} from '@/lib/console/try-poll'
import { showShortfall } from '@/lib/store/shortfall-store'
import { DEFAULT_VOICE } from '@/lib/studio/text'
import { Button } from '@/components/ui/Button'

type Mode = 'sync' | 'async'

/**
 * "Try it": a real call of the developer API v1 with an app's token and App-Id — `POST /v1/tts`, then
 * `GET /v1/tts/requests/{id}` until the request is final — showing each raw answer and playing the audio.
 */
export function TryIt(props: {
  apiUrl: string
  /** The app the console shows: its id fills the App-Id field. */
  appId: string | undefined
  token: string
  onToken: (token: string) => void
  onError: (code: string) => void
  /** After a request ended: the console reloads usage and the request log. */
  onDone: () => void
}) {
  const t = useTranslations('console')
  const d = useTranslations('devConsole')
  const [appId, setAppId] = useState(props.appId ?? '')
  const [mode, setMode] = useState<Mode>('sync')
  const [text, setText] = useState('Xin chào, đây là yêu cầu thử lúc 10h ngày 2/9.')
  const [voice, setVoice] = useState(DEFAULT_VOICE)
  const [sending, setSending] = useState(false)
  const [response, setResponse] = useState<TryResponse | null>(null)
  useEffect(() => setAppId(props.appId ?? ''), [props.appId])

  /** A call exactly as a developer's server makes it; the raw answer. */
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<TryResponse> => {
    const answer = await fetch(`${props.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${props.token.trim()}`,
        'app-id': appId.trim(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const raw = await answer.text()
    let parsed: unknown = raw
    try {
      parsed = JSON.parse(raw)
    } catch {
      // Not JSON: shown as text.
    }
    const result = { status: answer.status, body: parsed }
    const code = errorCodeOfAnswer(result)
    // The API wallet ran short: the out-of-credits panel with "Mua thêm" (issue 28), not a notice.
    if (code && !showShortfall(result.body, 'aivoiceapi')) props.onError(code)
    return result
  }

  const send = async (e: React.FormEvent) => {
    e.preventDefault()
    setSending(true)
    try {
      const accepted = await call('POST', '/v1/tts', {
        text,
        voiceCode: voice.trim(),
        mode,
        outputFormat: 'mp3',
      })
      setResponse(accepted)
      // Async (or a sync render that outlasted the wait): follow it to the end, as a developer's server would.
      const id = runningRequestId(accepted)
      if (id)
        await pollUntilDone(() => call('GET', `/v1/tts/requests/${encodeURIComponent(id)}`), setResponse)
      props.onDone()
    } catch {
      props.onError('ERR_NETWORK')
    } finally {
      setSending(false)
    }
  }

  const audio = response && audioLinkOf(response)
  return (
    <section aria-labelledby="try-title">
      <h2 id="try-title">{t('tryIt')}</h2>
      <p className="muted">{d('tryIntro')}</p>
      <form className="console-form" onSubmit={(e) => void send(e)}>
        <label>
          {d('tryAppId')}
          <input value={appId} required onChange={(e) => setAppId(e.target.value)} autoComplete="off" />
        </label>
        <label>
          {t('tryToken')}
          <input
            value={props.token}
            required
            onChange={(e) => props.onToken(e.target.value)}
            autoComplete="off"
          />
        </label>
        <label>
          {d('tryMode')}
          <select value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            <option value="sync">{d('tryModeSync')}</option>
            <option value="async">{d('tryModeAsync')}</option>
          </select>
        </label>
        <label>
          {t('tryVoice')}
          <input value={voice} required onChange={(e) => setVoice(e.target.value)} />
        </label>
        <label style={{ gridColumn: '1 / -1' }}>
          {t('tryText')}
          <textarea value={text} rows={3} required onChange={(e) => setText(e.target.value)} />
        </label>
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? t('trySending') : t('trySend')}
        </Button>
      </form>
      {response && (
        <>
          <h3>{t('tryResponse', { status: response.status })}</h3>
          <pre className="console-response" data-testid="try-response" data-status={response.status}>
            {JSON.stringify(response.body, null, 2)}
          </pre>
          {audio && <audio controls src={audio} data-testid="try-audio" className="console-audio" />}
        </>
      )}
    </section>
  )
}
