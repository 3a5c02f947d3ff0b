'use client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { REGIONS } from '@loa/contracts/browser'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import type { DictionaryEntry, DictionaryRegion, StudioApi } from '@/lib/studio/api'
import { entryFor, filterEntries, MAX_READING_LENGTH, MAX_WORD_LENGTH } from '@/lib/studio/dictionary'
import { studioErrorKey } from '@/lib/studio/errors'
import { playShortText } from '@/lib/studio/listen'
import { StudioDialog } from './StudioDialog'

interface Form {
  /** The entry being edited; null = a new entry. */
  id: string | null
  word: string
  reading: string
  region: DictionaryRegion | ''
}

const EMPTY: Form = { id: null, word: '', reading: '', region: '' }

/** What the studio asks the dialog to show: a word to add or edit (from the reading preview), or nothing. */
export interface DictionaryRequest {
  word: string
  /** The reading suggested for a new entry (the preview's current reading of the word). */
  reading?: string
  /** Changes on every request, so the same word asked twice opens it again. */
  nonce: number
}

/**
 * The user's pronunciation dictionary (dialog): search, add, edit, delete (confirmed), and listen to a reading
 * with the current paragraph's voice. Opened from the reading preview with a word, it edits that word's entry
 * or starts a new one pre-filled with it and the suggested reading. `onChanged` runs after every saved change (the
 * preview refreshes).
 */
export function PronunciationDictionary({
  api,
  open,
  request,
  voice,
  onChanged,
  onClose,
}: {
  api: StudioApi
  open: boolean
  request: DictionaryRequest | null
  voice: { code: string; name: string; speed: number; region: DictionaryRegion | null }
  onChanged: () => void
  onClose: () => void
}) {
  const t = useTranslations('studio.dictionary')
  const tRegion = useTranslations('studio.voices.regions')
  const tAll = useTranslations()
  const wordInput = useRef<HTMLInputElement>(null)
  const readingInput = useRef<HTMLInputElement>(null)
  const player = useRef<HTMLAudioElement | null>(null)
  const [entries, setEntries] = useState<DictionaryEntry[] | null>(null)
  const [maxEntries, setMaxEntries] = useState<number | null>(null)
  const [query, setQuery] = useState('')
  const [form, setForm] = useState<Form>(EMPTY)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [playing, setPlaying] = useState<string | null>(null)

  const fail = useCallback((error: unknown) => toast.error(tAll(studioErrorKey(error))), [tAll])
  // The voice's region decides which entry a word asked from the preview opens (read at opening).
  const region = useRef(voice.region)
  useEffect(() => {
    region.current = voice.region
  }, [voice.region])

  useEffect(() => {
    if (open) return
    player.current?.pause()
    setPlaying(null)
    setConfirming(null)
  }, [open])

  const load = useCallback(async (): Promise<DictionaryEntry[] | null> => {
    try {
      const r = await api.dictionary()
      setEntries(r.entries)
      setMaxEntries(r.maxEntries)
      return r.entries
    } catch (error) {
      setEntries((e) => e ?? [])
      fail(error)
      return null
    }
  }, [api, fail])

  // On every opening: the list, then the form (the asked word's entry, a new entry for it, or empty).
  useEffect(() => {
    if (!open) return
    let cancelled = false
    setQuery('')
    void load().then((list) => {
      if (cancelled) return
      const word = request?.word.trim() ?? ''
      const existing = word ? entryFor(list ?? [], word, region.current) : undefined
      setForm(
        existing
          ? { id: existing.id, word: existing.word, reading: existing.reading, region: existing.region ?? '' }
          : { ...EMPTY, word, reading: word ? (request?.reading?.trim() ?? '') : '' },
      )
      // The reading is focused and selected: typing replaces the suggestion, Enter keeps it.
      requestAnimationFrame(() => {
        const input = word ? readingInput.current : wordInput.current
        input?.focus()
        if (word) input?.select()
      })
    })
    return () => {
      cancelled = true
    }
  }, [open, request, load])

  const listen = async (key: string, reading: string) => {
    if (playing === key) {
      player.current?.pause()
      setPlaying(null)
      return
    }
    if (!reading.trim()) return toast.warning(t('readingFirst'))
    setPlaying(key)
    const error = await playShortText(
      api.apiUrl,
      { text: reading.trim(), voiceCode: voice.code, speed: voice.speed },
      player,
      () => setPlaying((p) => (p === key ? null : p)),
    )
    if (error) toast.error(tAll(studioErrorKey(error)))
  }

  /** Runs one write; on success: a toast, the list again, the preview refreshed; on failure a toast (the form stays). */
  const change = async (write: () => Promise<unknown>, success: string, after: () => void) => {
    if (busy) return
    setBusy(true)
    try {
      await write()
      toast.success(success)
      after()
      await load()
      onChanged()
      requestAnimationFrame(() => wordInput.current?.focus())
    } catch (error) {
      fail(error)
    } finally {
      setBusy(false)
    }
  }

  const save = (e: React.FormEvent) => {
    e.preventDefault()
    const body = { word: form.word, reading: form.reading, region: form.region || null }
    const id = form.id
    return change(
      () => (id ? api.updateEntry(id, body) : api.addEntry(body)),
      t(id ? 'updated' : 'added', { word: form.word.trim() }),
      () => setForm(EMPTY),
    )
  }

  const remove = (entry: DictionaryEntry) =>
    change(
      () => api.removeEntry(entry.id),
      t('deleted', { word: entry.word }),
      () => {
        setConfirming(null)
        if (form.id === entry.id) setForm(EMPTY)
      },
    )

  const edit = (entry: DictionaryEntry) => {
    setConfirming(null)
    setForm({ id: entry.id, word: entry.word, reading: entry.reading, region: entry.region ?? '' })
    requestAnimationFrame(() => readingInput.current?.focus())
  }

  const shown = filterEntries(entries ?? [], query)
  const full = entries !== null && maxEntries !== null && entries.length >= maxEntries && !form.id
  const regionLabel = (r: DictionaryRegion | null) => (r ? tRegion(r) : t('allRegions'))

  return (
    <StudioDialog
      open={open}
      titleId="dictionary-title"
      title={t('title')}
      closeLabel={t('close')}
      onClose={onClose}
      testId="dictionary"
    >
      <p className="muted studio-dict-hint">{t('hint')}</p>

      <form
        className="studio-dict-form"
        onSubmit={(e) => void save(e)}
        aria-labelledby="dictionary-form-title"
      >
        <h3 id="dictionary-form-title">{form.id ? t('editTitle') : t('addTitle')}</h3>
        {(
          [
            ['word', wordInput, MAX_WORD_LENGTH],
            ['reading', readingInput, MAX_READING_LENGTH],
          ] as const
        ).map(([field, ref, max]) => (
          <label key={field}>
            {t(field)}
            <input
              ref={ref}
              value={form[field]}
              maxLength={max}
              required
              autoComplete="off"
              placeholder={t(`${field}Placeholder`)}
              onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
            />
          </label>
        ))}
        <label>
          {t('region')}
          <select
            value={form.region}
            onChange={(e) => setForm((f) => ({ ...f, region: e.target.value as Form['region'] }))}
          >
            <option value="">{t('allRegions')}</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {tRegion(r)}
              </option>
            ))}
          </select>
        </label>
        <div className="studio-dict-form-actions">
          <button
            type="button"
            className="btn btn-outline"
            aria-label={t('listenReadingOf', { word: form.word.trim() || '…', voice: voice.name })}
            onClick={() => void listen('form', form.reading)}
          >
            {playing === 'form' ? t('stop') : t('listen')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || full}>
            {form.id ? t('save') : t('add')}
          </button>
          {(form.id || form.word || form.reading) && (
            <button type="button" className="btn btn-ghost" onClick={() => setForm(EMPTY)}>
              {t('cancel')}
            </button>
          )}
        </div>
        {full && (
          <p className="muted" role="status">
            {t('full', { max: maxEntries ?? 0 })}
          </p>
        )}
      </form>

      <div className="studio-row studio-dict-list-head">
        <label className="studio-dict-search">
          {t('search')}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        {entries !== null && maxEntries !== null && (
          <span className="muted" data-testid="dictionary-count">
            {t('count', { n: entries.length, max: maxEntries })}
          </span>
        )}
      </div>
      {entries === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{entries.length === 0 ? t('empty') : t('noMatch')}</p>
      ) : (
        <ul className="studio-dict-list" aria-label={t('title')}>
          {shown.map((e) => (
            <li key={e.id} className="studio-dict-entry" data-testid="dictionary-entry">
              <div className="studio-dict-text">
                <strong>{e.word}</strong>
                <span>
                  <span aria-hidden="true">→ </span>
                  <span className="sr-only">{t('readsAs')} </span>
                  {e.reading}
                </span>
                <span className="badge">{regionLabel(e.region)}</span>
              </div>
              {confirming === e.id ? (
                <div
                  className="studio-dict-actions"
                  role="group"
                  aria-label={t('confirmDelete', { word: e.word })}
                >
                  <span>{t('confirmDelete', { word: e.word })}</span>
                  <button
                    type="button"
                    className="btn btn-primary"
                    autoFocus
                    disabled={busy}
                    onClick={() => void remove(e)}
                  >
                    {t('delete')}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)}>
                    {t('cancel')}
                  </button>
                </div>
              ) : (
                <div className="studio-dict-actions">
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t('listenReadingOf', { word: e.word, voice: voice.name })}
                    onClick={() => void listen(e.id, e.reading)}
                  >
                    {playing === e.id ? '■' : '▶'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={t('editWord', { word: e.word })}
                    onClick={() => edit(e)}
                  >
                    {t('edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t('deleteWord', { word: e.word })}
                    onClick={() => setConfirming(e.id)}
                  >
                    {t('delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </StudioDialog>
  )
}
