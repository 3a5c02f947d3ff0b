'use client'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useAuth } from '@/components/auth/AuthProvider'
import { toast } from '@/lib/store/toast-store'
import { useAppStore } from '@/lib/store/app-store'
import type { Voice } from '@/lib/api/types'
import {
  fetchJson,
  parseSynthesisEvent,
  useStudioApi,
  type Preview,
  type Synthesis,
  type SynthesisDetail,
  type Timeline,
} from '@/lib/studio/api'
import { studioErrorKey } from '@/lib/studio/errors'
import {
  DEFAULT_VOICE,
  MAX_CHARACTERS,
  PAUSES_MS,
  SPEEDS,
  billableCharacters,
  draftKey,
  emptyParagraph,
  favouritesKey,
  insertPause,
  joinParagraphs,
  newParagraphId,
  parseDraft,
  requestParagraphs,
  splitIntoParagraphs,
  titleFrom,
  type Paragraph,
} from '@/lib/studio/text'
import { DEMO_TEXT_MAX } from '@/lib/api/demo-synthesis'
import { playShortText } from '@/lib/studio/listen'
import { Player } from './Player'
import { VoicePicker } from './VoicePicker'
import { ReadingPreview } from './ReadingPreview'
import { History } from './History'
import { PronunciationDictionary, type DictionaryRequest } from './PronunciationDictionary'
import { SampleScripts } from '@/components/studio-samples/SampleScripts'
import { BuyCreditsLink } from '@/components/payments/BuyCreditsLink'
import './studio.css'

type SaveState = 'idle' | 'saving' | 'saved' | 'failed'

interface Job {
  id: string
  progress: number
  status: Synthesis['status']
}

/** The Text-to-Speech studio: editor, voices, reading preview, synthesis with progress, player, downloads, history. */
export function TtsStudio() {
  const t = useTranslations('studio')
  const tAll = useTranslations()
  const locale = useLocale()
  const auth = useAuth()
  const api = useStudioApi()
  const subject = auth.subject

  const [title, setTitle] = useState('')
  const [paragraphs, setParagraphs] = useState<Paragraph[]>(() => [emptyParagraph()])
  const [loaded, setLoaded] = useState(false)
  const [saveState, setSaveState] = useState<SaveState>('idle')
  const [savedAt, setSavedAt] = useState<number | null>(null)
  const [voices, setVoices] = useState<Record<string, Voice>>({})
  const [favourites, setFavourites] = useState<string[]>([])
  const [pickerFor, setPickerFor] = useState<string | null>(null)
  const [balance, setBalance] = useState<number | null>(null)
  const [preview, setPreview] = useState<{ preview: Preview; source: string } | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [job, setJob] = useState<Job | null>(null)
  const [result, setResult] = useState<Synthesis | null>(null)
  const [timeline, setTimeline] = useState<Timeline | null>(null)
  const [spoken, setSpoken] = useState(-1)
  const [historyVersion, setHistoryVersion] = useState(0)
  const [pauseMs, setPauseMs] = useState<number>(500)
  /** The paragraph last edited: its voice reads the dictionary's "listen". */
  const [activeParagraph, setActiveParagraph] = useState<string | null>(null)
  const [dictionary, setDictionary] = useState<{
    request: DictionaryRequest | null
    paragraph: string
  } | null>(null)
  const events = useRef<EventSource | null>(null)
  const textareas = useRef<Record<string, HTMLTextAreaElement | null>>({})

  // Restore the draft of this user (never lose the text).
  useEffect(() => {
    if (!subject) return
    const draft = parseDraft(window.localStorage.getItem(draftKey(subject)))
    if (draft && draft.paragraphs.length > 0) {
      setTitle(draft.title)
      setParagraphs(draft.paragraphs)
      setSavedAt(draft.savedAt)
      setSaveState('saved')
    }
    try {
      const favs = JSON.parse(window.localStorage.getItem(favouritesKey(subject)) ?? '[]') as unknown
      if (Array.isArray(favs)) setFavourites(favs.filter((f): f is string => typeof f === 'string'))
    } catch {
      // A broken favourites entry starts empty.
    }
    setLoaded(true)
  }, [subject])

  // Autosave (debounced) with a visible state.
  useEffect(() => {
    if (!loaded || !subject) return
    setSaveState('saving')
    const timer = setTimeout(() => {
      try {
        const now = Date.now()
        window.localStorage.setItem(draftKey(subject), JSON.stringify({ title, paragraphs, savedAt: now }))
        setSavedAt(now)
        setSaveState('saved')
      } catch {
        setSaveState('failed')
      }
    }, 600)
    return () => clearTimeout(timer)
  }, [title, paragraphs, loaded, subject])

  // Leaving or hiding the page writes the draft at once (no debounce): a quick reload never loses a change.
  const latest = useRef({ title, paragraphs, loaded, subject })
  useEffect(() => {
    latest.current = { title, paragraphs, loaded, subject }
  }, [title, paragraphs, loaded, subject])
  useEffect(() => {
    const flush = () => {
      const d = latest.current
      if (!d.loaded || !d.subject) return
      try {
        window.localStorage.setItem(
          draftKey(d.subject),
          JSON.stringify({ title: d.title, paragraphs: d.paragraphs, savedAt: Date.now() }),
        )
      } catch {
        // Storage full or disabled: the debounced save reports it.
      }
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [])

  // The voice catalogue (names for the paragraph buttons) and the balance.
  useEffect(() => {
    api
      .voices({ limit: 200 })
      .then((r) => setVoices(Object.fromEntries(r.items.map((v) => [v.code, v]))))
      .catch(() => undefined)
  }, [api])
  const refreshBalance = useCallback(() => {
    api
      .me()
      .then((me) => setBalance(me.creditsBalance))
      .catch(() => undefined)
  }, [api])
  useEffect(refreshBalance, [refreshBalance])

  useEffect(() => () => events.current?.close(), [])

  const text = joinParagraphs(paragraphs)
  const characters = [...text].length
  const cost = useMemo(() => billableCharacters(joinParagraphs(requestParagraphs(paragraphs))), [paragraphs])
  const tooLong = characters > MAX_CHARACTERS
  const notEnough = balance !== null && cost > balance

  const update = (id: string, patch: Partial<Paragraph>) =>
    setParagraphs((ps) => ps.map((p) => (p.id === id ? { ...p, ...patch } : p)))

  const onPaste = (p: Paragraph, e: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = e.clipboardData.getData('text/plain')
    if (!/\n\s*\n/.test(pasted)) return
    e.preventDefault()
    const el = e.currentTarget
    const merged = el.value.slice(0, el.selectionStart) + pasted + el.value.slice(el.selectionEnd)
    const parts = splitIntoParagraphs(merged, p.voiceCode, p.speed)
    setParagraphs((ps) => {
      const i = ps.findIndex((x) => x.id === p.id)
      if (i < 0 || parts.length === 0) return ps
      parts[0] = { ...parts[0]!, id: p.id }
      return [...ps.slice(0, i), ...parts, ...ps.slice(i + 1)]
    })
  }

  const addPause = (p: Paragraph, ms: number) => {
    const el = textareas.current[p.id]
    const start = el?.selectionStart ?? p.text.length
    const end = el?.selectionEnd ?? p.text.length
    const next = insertPause(p.text, start, end, ms)
    update(p.id, { text: next.text })
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(next.caret, next.caret)
    })
  }

  const sample = useRef<HTMLAudioElement | null>(null)
  const [listening, setListening] = useState<string | null>(null)
  /** Listens to the selected words of a paragraph (or its start) before synthesizing everything. */
  const listenSelection = async (p: Paragraph) => {
    const el = textareas.current[p.id]
    const selected =
      el && el.selectionEnd > el.selectionStart ? p.text.slice(el.selectionStart, el.selectionEnd) : p.text
    const piece = selected
      .replace(/<break\b[^>]*>/gi, ' ')
      .trim()
      .slice(0, DEMO_TEXT_MAX)
    if (!piece) return toast.warning(t('errors.TEXT_EMPTY'))
    setListening(p.id)
    const error = await playShortText(
      api.apiUrl,
      { text: piece, voiceCode: p.voiceCode, speed: p.speed },
      sample,
      () => setListening(null),
    )
    if (error) toast.error(tAll(studioErrorKey(error)))
  }

  const showError = useCallback((error: unknown) => toast.error(tAll(studioErrorKey(error))), [tAll])

  const runPreview = async (quiet = false) => {
    if (billableCharacters(text) === 0) return quiet ? undefined : toast.warning(t('errors.TEXT_EMPTY'))
    setPreviewing(true)
    try {
      setPreview({ preview: await api.preview(text, paragraphs[0]?.voiceCode), source: text })
    } catch (error) {
      showError(error)
    } finally {
      setPreviewing(false)
    }
  }

  const loadResult = useCallback(async (done: Synthesis) => {
    setResult(done)
    setTimeline(null)
    setSpoken(-1)
    useAppStore.getState().updateAudioId(done.requestId)
    useAppStore.getState().updateAudioUrl(done.audioLink)
    if (done.timelineLink) {
      try {
        setTimeline(await fetchJson<Timeline>(done.timelineLink))
      } catch {
        setTimeline(null)
      }
    }
  }, [])

  const follow = async (created: Synthesis) => {
    events.current?.close()
    setJob({ id: created.requestId, progress: created.progress, status: created.status })
    const source = new EventSource(await api.eventsUrl(created.requestId))
    events.current = source
    const onData = (e: MessageEvent<string>) => {
      const raw = JSON.parse(e.data) as { progress: number; status: Synthesis['status'] }
      setJob({ id: created.requestId, progress: raw.progress, status: raw.status })
    }
    source.addEventListener('progress', onData as EventListener)
    source.addEventListener('done', (async (e: MessageEvent<string>) => {
      source.close()
      events.current = null
      try {
        // The event carries the finished request, links included: no second read.
        const detail = parseSynthesisEvent(e.data)
        setJob(null)
        setHistoryVersion((v) => v + 1)
        refreshBalance()
        if (detail.status === 'SUCCESS') {
          toast.success(t('synth.done'))
          await loadResult(detail)
        } else if (detail.status === 'FAILURE') {
          toast.error(tAll(studioErrorKey(detail.errorCode ?? 'INTERNAL_ERROR')))
        }
      } catch (error) {
        setJob(null)
        showError(error)
      }
    }) as unknown as EventListener)
    source.onerror = () => {
      // The browser reconnects by itself; once the request is finished the stream is closed on purpose.
      if (source.readyState === EventSource.CLOSED) {
        events.current = null
        void api
          .synthesis(created.requestId)
          .then(async (detail) => {
            if (detail.status === 'IN_PROGRESS') return
            setJob(null)
            setHistoryVersion((v) => v + 1)
            if (detail.status === 'SUCCESS') await loadResult(detail)
          })
          .catch(showError)
      }
    }
  }

  const synthesize = async () => {
    const body = requestParagraphs(paragraphs)
    if (body.length === 0) return toast.warning(t('errors.TEXT_EMPTY'))
    if (tooLong) return toast.error(t('errors.TEXT_TOO_LONG'))
    try {
      // The draft is on disk before anything is sent.
      window.localStorage.setItem(
        draftKey(subject),
        JSON.stringify({ title, paragraphs, savedAt: Date.now() }),
      )
    } catch {
      // Saving is best effort; the text stays in the editor either way.
    }
    try {
      const created = await api.synthesize({ title: title.trim() || titleFrom(text), paragraphs: body })
      await follow(created)
    } catch (error) {
      showError(error)
    }
  }

  const cancel = async () => {
    if (!job) return
    try {
      await api.remove(job.id)
      events.current?.close()
      events.current = null
      setJob(null)
      toast.info(t('synth.cancelled'))
      setHistoryVersion((v) => v + 1)
      refreshBalance()
    } catch (error) {
      showError(error)
    }
  }

  const download = async (id: string, format: 'mp3' | 'wav' | 'srt') => {
    try {
      const { url } = await api.download(id, format)
      const a = document.createElement('a')
      a.href = url
      a.download = ''
      a.rel = 'noopener'
      document.body.appendChild(a)
      a.click()
      a.remove()
    } catch (error) {
      showError(error)
    }
  }

  const reopen = (detail: SynthesisDetail) => {
    setTitle(detail.title)
    setParagraphs(
      detail.paragraphs.map((p) => ({
        id: newParagraphId(),
        text: p.text,
        voiceCode: p.voiceCode,
        speed: p.speed,
      })),
    )
    setPreview(null)
    toast.info(t('history.reopened'))
  }

  const toggleFavourite = (code: string) =>
    setFavourites((fs) => {
      const next = fs.includes(code) ? fs.filter((f) => f !== code) : [...fs, code]
      try {
        window.localStorage.setItem(favouritesKey(subject), JSON.stringify(next))
      } catch {
        // Favourites are a convenience.
      }
      return next
    })

  const pickerParagraph = paragraphs.find((p) => p.id === pickerFor)
  /** Opens the dictionary, with a word from the reading preview (read with the first paragraph's voice, like the preview). */
  const openDictionary = (word?: string) =>
    setDictionary({
      request: word ? { word, nonce: Date.now() } : null,
      paragraph: (word ? paragraphs[0]?.id : activeParagraph) ?? paragraphs[0]!.id,
    })
  const dictionaryParagraph =
    paragraphs.find((p) => p.id === dictionary?.paragraph) ??
    paragraphs.find((p) => p.id === activeParagraph) ??
    paragraphs[0]!
  const voiceName = (code: string) => voices[code]?.name ?? code
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')

  const transcript = result && timeline ? timeline.sentences : null

  return (
    <div className="studio">
      <div className="studio-main">
        <section className="studio-editor" aria-labelledby="editor-title">
          <div className="studio-row">
            <h2 id="editor-title">{t('editor.title')}</h2>
            <SampleScripts
              onPick={(script) => {
                const current = paragraphs[0]
                setTitle(script.title)
                setParagraphs(
                  splitIntoParagraphs(script.text, current?.voiceCode ?? DEFAULT_VOICE, current?.speed ?? 1),
                )
                setPreview(null)
              }}
            />
            <span className="studio-save" role="status" data-testid="save-state" data-state={saveState}>
              {saveState === 'saving'
                ? t('editor.saving')
                : saveState === 'saved' && savedAt
                  ? t('editor.saved', { time: new Date(savedAt).toLocaleTimeString(locale) })
                  : saveState === 'failed'
                    ? t('editor.saveFailed')
                    : ''}
            </span>
          </div>
          <label className="studio-title-field">
            {t('editor.name')}
            <input
              value={title}
              maxLength={200}
              placeholder={t('editor.namePlaceholder')}
              onChange={(e) => setTitle(e.target.value)}
            />
          </label>
          <ol className="studio-paragraphs">
            {paragraphs.map((p, i) => (
              <li key={p.id} className="studio-paragraph">
                <label htmlFor={`para-${p.id}`} className="sr-only">
                  {t('editor.paragraph', { n: i + 1 })}
                </label>
                <textarea
                  id={`para-${p.id}`}
                  ref={(el) => {
                    textareas.current[p.id] = el
                  }}
                  value={p.text}
                  rows={4}
                  placeholder={i === 0 ? t('editor.placeholder') : undefined}
                  onChange={(e) => update(p.id, { text: e.target.value })}
                  onFocus={() => setActiveParagraph(p.id)}
                  onPaste={(e) => onPaste(p, e)}
                />
                <div
                  className="studio-paragraph-tools"
                  role="group"
                  aria-label={t('editor.paragraph', { n: i + 1 })}
                >
                  <button type="button" className="btn btn-outline" onClick={() => setPickerFor(p.id)}>
                    {t('editor.voice', { name: voiceName(p.voiceCode) })}
                  </button>
                  <label>
                    {t('editor.speed')}{' '}
                    <select value={p.speed} onChange={(e) => update(p.id, { speed: Number(e.target.value) })}>
                      {SPEEDS.map((s) => (
                        <option key={s} value={s}>
                          {s}×
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    {t('editor.pause')}{' '}
                    <select value={pauseMs} onChange={(e) => setPauseMs(Number(e.target.value))}>
                      {PAUSES_MS.map((ms) => (
                        <option key={ms} value={ms}>
                          {t('editor.pauseMs', { s: ms / 1000 })}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="button" className="btn btn-outline" onClick={() => addPause(p, pauseMs)}>
                    {t('editor.insertPause')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={listening === p.id}
                    onClick={() => void listenSelection(p)}
                  >
                    {listening === p.id ? t('editor.listening') : t('editor.listenSelection')}
                  </button>
                  {paragraphs.length > 1 && (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      onClick={() => setParagraphs((ps) => ps.filter((x) => x.id !== p.id))}
                    >
                      {t('editor.removeParagraph')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ol>
          <div className="studio-row">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                setParagraphs((ps) => [
                  ...ps,
                  emptyParagraph(ps.at(-1)?.voiceCode ?? DEFAULT_VOICE, ps.at(-1)?.speed ?? 1),
                ])
              }
            >
              {t('editor.addParagraph')}
            </button>
            <p className="studio-count" data-testid="char-count" aria-live="polite">
              <span data-over={tooLong ? 'true' : undefined}>
                {t('editor.characters', { n: number(characters), max: number(MAX_CHARACTERS) })}
              </span>
              {' · '}
              <span data-testid="credit-cost">{t('editor.cost', { n: number(cost) })}</span>
              {balance !== null && (
                <>
                  {' · '}
                  <span data-over={notEnough ? 'true' : undefined}>
                    {t('editor.balance', { n: number(balance) })}
                  </span>
                  {notEnough && (
                    <>
                      {' '}
                      <BuyCreditsLink />
                    </>
                  )}
                </>
              )}
            </p>
          </div>
          <div className="studio-actions">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void runPreview()}
              disabled={previewing}
            >
              {previewing ? t('preview.loading') : t('preview.button')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => openDictionary()}>
              {t('dictionary.open')}
            </button>
            {job ? (
              <button type="button" className="btn btn-outline" onClick={() => void cancel()}>
                {t('synth.cancel')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void synthesize()}
                disabled={tooLong || cost === 0}
              >
                {t('synth.button')}
              </button>
            )}
          </div>
          <div className="studio-progress" aria-live="polite">
            {job && (
              <>
                <label htmlFor="synth-progress">{t('synth.progress', { n: Math.round(job.progress) })}</label>
                <progress id="synth-progress" max={100} value={job.progress} data-testid="synth-progress" />
              </>
            )}
          </div>
        </section>

        {preview && (
          <ReadingPreview
            preview={preview.preview}
            source={preview.source}
            stale={preview.source !== text}
            onWord={(word) => openDictionary(word)}
            onClose={() => setPreview(null)}
          />
        )}

        <section className="studio-result" aria-labelledby="result-title">
          <h2 id="result-title">{t('result.title')}</h2>
          <Player timeline={timeline} onSentence={setSpoken} />
          {result && (
            <>
              <div className="studio-actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void download(result.requestId, 'mp3')}
                >
                  {t('result.downloadMp3')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void download(result.requestId, 'wav')}
                >
                  {t('result.downloadWav')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void download(result.requestId, 'srt')}
                >
                  {t('result.downloadSrt')}
                </button>
              </div>
              {transcript && (
                <p className="studio-transcript" data-testid="transcript">
                  {transcript.map((s, i) => (
                    <span
                      key={s.index}
                      className={i === spoken ? 'studio-spoken' : undefined}
                      aria-current={i === spoken ? 'true' : undefined}
                    >
                      {s.source}{' '}
                    </span>
                  ))}
                </p>
              )}
            </>
          )}
        </section>
      </div>

      <History
        api={api}
        version={historyVersion}
        voiceName={voiceName}
        onPlay={loadResult}
        onDownload={(id) => void download(id, 'mp3')}
        onReopen={reopen}
        onError={showError}
      />

      <PronunciationDictionary
        api={api}
        open={dictionary !== null}
        request={dictionary?.request ?? null}
        voice={{
          code: dictionaryParagraph.voiceCode,
          name: voiceName(dictionaryParagraph.voiceCode),
          speed: dictionaryParagraph.speed,
          region: voices[dictionaryParagraph.voiceCode]?.region ?? null,
        }}
        onChanged={() => {
          // The preview follows the dictionary: read again with the changed entries.
          if (preview) void runPreview(true)
        }}
        onClose={() => setDictionary(null)}
      />

      <VoicePicker
        api={api}
        open={pickerFor !== null}
        current={pickerParagraph?.voiceCode ?? DEFAULT_VOICE}
        favourites={favourites}
        onToggleFavourite={toggleFavourite}
        onChoose={(v) => {
          if (pickerFor) update(pickerFor, { voiceCode: v.code })
          setVoices((vs) => ({ ...vs, [v.code]: v }))
          setPickerFor(null)
        }}
        onClose={() => setPickerFor(null)}
      />
    </div>
  )
}
