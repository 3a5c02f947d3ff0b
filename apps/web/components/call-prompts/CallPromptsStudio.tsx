'use client'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useCreditFormat } from '@/components/payments/useCreditFormat'
import type { Voice } from '@/lib/api/types'
import {
  CALL_PROMPT_FORMATS,
  createCallPromptApi,
  type CallPromptCheck,
  type CallPromptFormat,
  type CallPromptJob,
} from '@/lib/call-prompts/api'
import { useStudioApi } from '@/lib/studio/api'
import { errorCodeOf, studioErrorKey } from '@/lib/studio/errors'
import { showShortfall } from '@/lib/store/shortfall-store'
import { toast } from '@/lib/store/toast-store'
import { CheckReport } from './CheckReport'
import { JobList } from './JobList'
import { FileDrop } from '@/components/ui/FileDrop'
import { Button } from '@/components/ui/Button'
import './call-prompts.css'

const POLL_MS = 1000

/**
 * "Lời thoại tổng đài" (issue 30 §4): a script with {{variables}}, a CSV of rows checked by the API row by row,
 * a preview of any row as it will be read, then a job that makes one telephone file per row (progress, cancel)
 * and a ZIP with manifest.csv to download. Billed per character from the call-prompt wallet.
 */
export function CallPromptsStudio() {
  const t = useTranslations('callPrompts')
  const tAll = useTranslations()
  const studio = useStudioApi()
  const api = useMemo(() => createCallPromptApi(studio.apiUrl, studio.getToken), [studio])
  const format = useCreditFormat()
  const credits = useCallback((n: number) => format(n, 'CHARACTER'), [format])
  const [script, setScript] = useState('')
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null)
  const [voices, setVoices] = useState<Voice[]>([])
  const [voiceCode, setVoiceCode] = useState('')
  const [fileFormat, setFileFormat] = useState<CallPromptFormat>('wav_8000')
  const [check, setCheck] = useState<CallPromptCheck | null>(null)
  const [previewRow, setPreviewRow] = useState(1)
  const [spoken, setSpoken] = useState<string | null>(null)
  const [jobs, setJobs] = useState<CallPromptJob[]>([])
  const [balance, setBalance] = useState<number | null>(null)
  const [running, setRunning] = useState<CallPromptJob | null>(null)
  const [busy, setBusy] = useState(false)

  const showError = useCallback(
    (error: unknown) => {
      if (showShortfall(error, 'aicall')) return
      const code = errorCodeOf(error)
      const own = code ? `callPrompts.errors.${code}` : undefined
      const text = own ? tAll(own) : undefined
      toast.error(text && text !== own ? text : tAll(studioErrorKey(error)))
    },
    [tAll],
  )

  const reload = useCallback(() => {
    api.list().then((r) => {
      setJobs(r.items)
      setBalance(r.balance)
    }, showError)
  }, [api, showError])
  useEffect(reload, [reload])
  useEffect(() => {
    studio.voices({ limit: 100 }).then((r) => {
      setVoices(r.items)
      setVoiceCode((current) => current || r.items[0]?.code || '')
    }, showError)
  }, [studio, showError])

  const input = useMemo(
    () => (csv && script.trim() ? { script, csv: csv.text, voiceCode: voiceCode || undefined } : null),
    [csv, script, voiceCode],
  )
  // One key per script, rows, voice and format: a repeated click replays the job already made.
  const idempotencyKey = useMemo(() => crypto.randomUUID(), [input, fileFormat]) // eslint-disable-line react-hooks/exhaustive-deps

  // The rows are checked again whenever the script, the CSV or the voice changes (free, debounced).
  useEffect(() => {
    setCheck(null)
    setSpoken(null)
    if (!input) return
    const timer = setTimeout(() => api.check(input).then(setCheck, showError), 400)
    return () => clearTimeout(timer)
  }, [api, input, showError])

  // A running job is polled until it ends.
  useEffect(() => {
    if (!running || running.status !== 'IN_PROGRESS') return
    const timer = setTimeout(() => {
      api.job(running.id).then((job) => {
        setRunning(job)
        if (job.status !== 'IN_PROGRESS') reload()
      }, showError)
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [api, running, reload, showError])

  const readFile = async (file: File | undefined) => {
    if (!file) return setCsv(null)
    setCsv({ name: file.name, text: await file.text() })
  }

  const preview = () => {
    if (input) api.preview(input, previewRow).then((r) => setSpoken(r.text), showError)
  }

  const render = async () => {
    if (!input) return
    setBusy(true)
    try {
      setRunning(await api.create({ ...input, format: fileFormat, idempotencyKey }))
      reload()
    } catch (error) {
      showError(error)
    } finally {
      setBusy(false)
    }
  }

  const cancel = async () => {
    if (!running) return
    try {
      setRunning(await api.cancel(running.id))
      reload()
    } catch (error) {
      showError(error)
    }
  }

  const ready =
    !!check && check.validRows > 0 && check.problemCount === 0 && check.missingColumns.length === 0
  return (
    <div className="cp-studio">
      <p className="muted">{t('intro')}</p>
      {balance !== null && <p data-testid="cp-balance">{t('balance', { n: credits(balance) })}</p>}
      <div className="cp-columns">
        <section className="cp-panel" aria-label={t('script')}>
          <label className="cp-field">
            <span>{t('script')}</span>
            <textarea
              rows={5}
              value={script}
              placeholder={t('scriptPlaceholder')}
              onChange={(e) => setScript(e.target.value)}
              data-testid="cp-script"
            />
            <span className="muted">{t('scriptHint')}</span>
          </label>
          <div className="cp-field">
            <FileDrop
              label={t('csv')}
              accept=".csv,text/csv"
              inputTestId="cp-csv"
              onFiles={([file]) => void readFile(file)}
            />
            <span className="muted">
              {csv ? t('csvLoaded', { name: csv.name, rows: check?.rowCount ?? '…' }) : t('csvHint')}
            </span>
          </div>
          <label className="cp-field">
            <span>{t('voice')}</span>
            <select value={voiceCode} onChange={(e) => setVoiceCode(e.target.value)}>
              {voices.map((v) => (
                <option key={v.code} value={v.code}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
          <label className="cp-field">
            <span>{t('format')}</span>
            <select
              value={fileFormat}
              onChange={(e) => setFileFormat(e.target.value as CallPromptFormat)}
              data-testid="cp-format"
            >
              {CALL_PROMPT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`formats.${f}`)}
                </option>
              ))}
            </select>
          </label>
        </section>
        <div className="cp-studio">
          {check && <CheckReport check={check} credits={credits} />}
          {check && check.validRows > 0 && (
            <section className="cp-panel" aria-labelledby="cp-preview">
              <h2 id="cp-preview">{t('preview.title')}</h2>
              <div className="cp-actions">
                <label>
                  {t('preview.row')}{' '}
                  <input
                    type="number"
                    min={1}
                    max={check.rowCount}
                    value={previewRow}
                    onChange={(e) => setPreviewRow(Math.max(1, Number(e.target.value) || 1))}
                    data-testid="cp-preview-row"
                    style={{ width: '5rem' }}
                  />
                </label>
                <Button variant="secondary" onClick={preview}>
                  {t('preview.show')}
                </Button>
              </div>
              {spoken !== null && (
                <p className="cp-spoken" data-testid="cp-spoken">
                  <span className="muted">{t('preview.spoken')}: </span>
                  {spoken}
                </p>
              )}
            </section>
          )}
          <section className="cp-panel" aria-label={t('render', { rows: check?.validRows ?? 0 })}>
            <div className="cp-actions">
              <Button
                variant="primary"
                disabled={!ready || busy || running?.status === 'IN_PROGRESS'}
                onClick={() => void render()}
                data-testid="cp-render"
              >
                {t('render', { rows: check?.validRows ?? 0 })}
              </Button>
              {running?.status === 'IN_PROGRESS' && (
                <Button variant="secondary" onClick={() => void cancel()}>
                  {t('cancel')}
                </Button>
              )}
            </div>
            {running && (
              <div data-testid="cp-job" data-status={running.status}>
                {running.status === 'IN_PROGRESS' && (
                  <>
                    <progress className="cp-progress" max={100} value={running.progress} />
                    <p role="status">{t('rendering', { done: running.doneRows, total: running.rowCount })}</p>
                  </>
                )}
                {running.status !== 'IN_PROGRESS' && <p role="status">{t(`status.${running.status}`)}</p>}
                {running.errorCode && <p role="alert">{tAll(`callPrompts.errors.${running.errorCode}`)}</p>}
                {running.zipUrl && (
                  <a className="btn btn-primary" href={running.zipUrl} download data-testid="cp-download">
                    {t('download')}
                  </a>
                )}
              </div>
            )}
          </section>
        </div>
      </div>
      <JobList jobs={jobs} credits={credits} />
    </div>
  )
}
