'use client'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { DEMO_TEXT_MAX } from '@/lib/api/demo-synthesis'
import { studioErrorKey } from '@/lib/studio/errors'
import { playShortText } from '@/lib/studio/listen'
import { pastedParagraphs } from '@/lib/studio/paste'
import {
  DEFAULT_VOICE,
  PAUSES_MS,
  SPEEDS,
  emptyParagraph,
  insertPause,
  newParagraphId,
  type Paragraph,
} from '@/lib/studio/text'

/** How long "join them again" stays offered after a paste was split. */
const UNDO_SPLIT_MS = 15_000

/**
 * The paragraphs of the studio editor: text (a paste with blank lines, headings or a web page's blocks becomes
 * several paragraphs, each with the paragraph's voice, and can be joined again), and per
 * paragraph its voice, speed, pause insertion at the caret, listening to the selection, removal; then "add".
 */
export function ParagraphEditor({
  apiUrl,
  paragraphs,
  pauseMs,
  voiceName,
  onPauseMs,
  onUpdate,
  onParagraphs,
  onPickVoice,
  onFocus,
  children,
}: {
  apiUrl: string
  paragraphs: Paragraph[]
  pauseMs: number
  voiceName: (code: string) => string
  onPauseMs: (ms: number) => void
  onUpdate: (id: string, patch: Partial<Paragraph>) => void
  onParagraphs: (fn: (ps: Paragraph[]) => Paragraph[]) => void
  onPickVoice: (id: string) => void
  onFocus: (id: string) => void
  /** Shown beside "Add paragraph" (the character count and cost). */
  children?: ReactNode
}) {
  const t = useTranslations('studio')
  const tAll = useTranslations()
  const textareas = useRef<Record<string, HTMLTextAreaElement | null>>({})
  const sample = useRef<HTMLAudioElement | null>(null)
  const [listening, setListening] = useState<string | null>(null)
  /** The last split paste: its paragraphs and the one paragraph it came from (to join them again). */
  const [split, setSplit] = useState<{ ids: string[]; joined: Paragraph } | null>(null)

  useEffect(() => {
    if (!split) return
    const timer = setTimeout(() => setSplit(null), UNDO_SPLIT_MS)
    return () => clearTimeout(timer)
  }, [split])

  const onPaste = (p: Paragraph, e: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const plain = e.clipboardData.getData('text/plain')
    const pieces = pastedParagraphs(plain, e.clipboardData.getData('text/html'))
    if (!pieces) return
    e.preventDefault()
    const el = e.currentTarget
    const before = el.value.slice(0, el.selectionStart).trim()
    const after = el.value.slice(el.selectionEnd).trim()
    const texts = [before, ...pieces, after].filter((text) => text.length > 0)
    const parts = texts.map((text, i) => ({
      id: i === 0 ? p.id : newParagraphId(),
      text,
      voiceCode: p.voiceCode,
      speed: p.speed,
    }))
    onParagraphs((ps) => {
      const i = ps.findIndex((x) => x.id === p.id)
      if (i < 0) return ps
      return [...ps.slice(0, i), ...parts, ...ps.slice(i + 1)]
    })
    const joined = el.value.slice(0, el.selectionStart) + plain + el.value.slice(el.selectionEnd)
    setSplit({ ids: parts.map((x) => x.id), joined: { ...p, text: joined } })
  }

  /** Puts the split paste back as the one paragraph it was pasted into. */
  const joinSplit = () => {
    if (!split) return
    onParagraphs((ps) => {
      const i = ps.findIndex((x) => x.id === split.ids[0])
      if (i < 0) return ps
      return [...ps.slice(0, i), split.joined, ...ps.slice(i).filter((x) => !split.ids.includes(x.id))]
    })
    setSplit(null)
  }

  const addPause = (p: Paragraph) => {
    const el = textareas.current[p.id]
    const start = el?.selectionStart ?? p.text.length
    const end = el?.selectionEnd ?? p.text.length
    const next = insertPause(p.text, start, end, pauseMs)
    onUpdate(p.id, { text: next.text })
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(next.caret, next.caret)
    })
  }

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
      apiUrl,
      { text: piece, voiceCode: p.voiceCode, speed: p.speed },
      sample,
      () => setListening(null),
    )
    if (error) toast.error(tAll(studioErrorKey(error)))
  }

  return (
    <>
      {split && (
        <p className="studio-row studio-paste-split" role="status" data-testid="paste-split">
          {t('editor.pasteSplit', { n: split.ids.length })}{' '}
          <button type="button" className="btn btn-ghost" onClick={joinSplit}>
            {t('editor.pasteJoin')}
          </button>
        </p>
      )}
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
              onChange={(e) => onUpdate(p.id, { text: e.target.value })}
              onFocus={() => onFocus(p.id)}
              onPaste={(e) => onPaste(p, e)}
            />
            <div
              className="studio-paragraph-tools"
              role="group"
              aria-label={t('editor.paragraph', { n: i + 1 })}
            >
              <button type="button" className="btn btn-outline" onClick={() => onPickVoice(p.id)}>
                {t('editor.voice', { name: voiceName(p.voiceCode) })}
              </button>
              <label>
                {t('editor.speed')}{' '}
                <select value={p.speed} onChange={(e) => onUpdate(p.id, { speed: Number(e.target.value) })}>
                  {SPEEDS.map((s) => (
                    <option key={s} value={s}>
                      {s}×
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('editor.pause')}{' '}
                <select value={pauseMs} onChange={(e) => onPauseMs(Number(e.target.value))}>
                  {PAUSES_MS.map((ms) => (
                    <option key={ms} value={ms}>
                      {t('editor.pauseMs', { s: ms / 1000 })}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="btn btn-outline" onClick={() => addPause(p)}>
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
                  onClick={() => onParagraphs((ps) => ps.filter((x) => x.id !== p.id))}
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
            onParagraphs((ps) => [
              ...ps,
              emptyParagraph(ps.at(-1)?.voiceCode ?? DEFAULT_VOICE, ps.at(-1)?.speed ?? 1),
            ])
          }
        >
          {t('editor.addParagraph')}
        </button>
        {children}
      </div>
    </>
  )
}
