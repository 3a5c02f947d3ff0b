import { Readable } from 'node:stream'
import { app as t, type Database } from '@loa/db'
import { defineJob, type AnyJobDefinition, type JobContext, type JobLogger, type Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import { isTtsError, type DictionaryEntry } from '@loa/tts'
import { eq } from 'drizzle-orm'
import { renderSynthesis } from '../render.ts'
import { sentenceCacheFor } from '../requests.ts'
import { encodeCallPrompt, extensionOf, type CallPromptFormat } from './formats.ts'
import {
  finishCallPromptJob,
  writeCallPromptProgress,
  type CallPromptJobRow,
  type RowResult,
  type StoredRow,
} from './jobs-table.ts'
import { MANIFEST_NAME, manifestCsv } from './manifest.ts'
import { callPromptCallbackJobId, callPromptCallbackJobSpec, callPromptJobSpec } from './spec.ts'
import { crcOf, zipStream, type ZipEntry } from './zip.ts'

export interface CallPromptJobDeps {
  database: Database
  storage: Storage
  queue: Queue
  logger?: JobLogger
}

/** Rows rendered side by side (the tts worker pool spreads them over its threads). */
const CONCURRENCY = 3
const PROGRESS_EVERY_MS = 500
/** A row's error that rendering again cannot mend: the row fails, the others go on. */
const ROW_PERMANENT = new Set(['TTS_EMPTY_TEXT', 'TTS_TEXT_TOO_LONG', 'TTS_INVALID_OPTION'])

export const callPromptKeys = (row: Pick<CallPromptJobRow, 'id' | 'userId'>) => ({
  dir: `call-prompts/${row.userId}/${row.id}`,
  archive: `call-prompts/${row.userId}/${row.id}/call-prompts.zip`,
})

const renderRow = async (
  job: CallPromptJobRow,
  row: StoredRow,
  storage: Storage,
  signal: AbortSignal,
): Promise<RowResult> => {
  const format = job.format as CallPromptFormat
  const rendered = renderSynthesis({
    paragraphs: [{ text: row.text, voiceCode: job.voiceCode, speed: job.speed }],
    format: 'wav',
    bitrate: 128,
    sampleRate: 16000,
    dictionary: (job.dictionary as DictionaryEntry[] | null) ?? undefined,
    cache: sentenceCacheFor(storage),
    signal,
  })
  const chunks: Uint8Array[] = []
  try {
    for await (const chunk of rendered.audio as AsyncIterable<Uint8Array>) chunks.push(chunk)
    await rendered.done
  } catch (error) {
    if (isTtsError(error) && ROW_PERMANENT.has(error.code)) return { ...failed(row), error: error.code }
    throw error
  }
  const { bytes, durationMs } = encodeCallPrompt(Buffer.concat(chunks), format)
  const file = `${row.file}.${extensionOf(format)}`
  const key = `${callPromptKeys(job).dir}/${file}`
  await storage.put(key, bytes, { contentType: 'application/octet-stream' })
  return {
    row: row.row,
    file,
    key,
    size: bytes.length,
    crc: crcOf(bytes),
    durationMs,
    characters: row.characters,
    status: 'SUCCESS',
    error: null,
  }
}

const failed = (row: StoredRow): RowResult => ({
  row: row.row,
  file: '',
  key: null,
  size: 0,
  crc: 0,
  durationMs: 0,
  characters: row.characters,
  status: 'FAILURE',
  error: null,
})

/** Renders every row (a few at a time, in row order in the results), reporting progress. */
const renderRows = async (job: CallPromptJobRow, deps: CallPromptJobDeps, ctx: JobContext) => {
  const rows = job.rows as StoredRow[]
  const results: RowResult[] = new Array(rows.length)
  let next = 0
  let done = 0
  let failures = 0
  let reported = 0
  const worker = async () => {
    while (next < rows.length) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('cancelled')
      const index = next++
      const result = await renderRow(job, rows[index]!, deps.storage, ctx.signal)
      results[index] = result
      done += 1
      if (result.status === 'FAILURE') failures += 1
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        reported = Date.now()
        await writeCallPromptProgress(deps.database.db, job.id, done, failures, rows.length).catch(
          () => undefined,
        )
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker))
  return results
}

/** The ZIP: every rendered file, then manifest.csv, streamed from storage into storage. */
const writeArchive = async (
  job: CallPromptJobRow,
  results: RowResult[],
  storage: Storage,
): Promise<string> => {
  const manifest = new TextEncoder().encode(manifestCsv(results))
  const entries: ZipEntry[] = results
    .filter((r) => r.status === 'SUCCESS' && r.key)
    .map((r) => ({ name: r.file, size: r.size, crc: r.crc, bytes: () => storage.getBytes(r.key!) }))
  entries.push({
    name: MANIFEST_NAME,
    size: manifest.length,
    crc: crcOf(manifest),
    bytes: async () => manifest,
  })
  const key = callPromptKeys(job).archive
  await storage.put(key, Readable.from(zipStream(entries)), { contentType: 'application/zip' })
  return key
}

const billedOf = (job: CallPromptJobRow, results: readonly RowResult[]): number => {
  const rows = job.rows as StoredRow[]
  return results.reduce((sum, r, i) => sum + (r.status === 'SUCCESS' ? rows[i]!.billed : 0), 0)
}

/**
 * `call-prompts.render`: renders a job's rows to telephone files, writes the ZIP with its manifest and settles the
 * `aicall` reservation exactly once (the rendered rows charged; the rest given back). A cancelled job stops at its
 * next row (the job's signal); a final job is left as it is. `call-prompts.callback` posts an API job's result,
 * signed with the app's callback secret.
 */
export const callPromptRenderJob = (deps: CallPromptJobDeps): AnyJobDefinition =>
  defineJob({
    ...callPromptJobSpec,
    handler: async ({ jobId }, ctx) => {
      const { db } = deps.database
      const read = async () =>
        (await db.select().from(t.callPromptJobs).where(eq(t.callPromptJobs.id, jobId)))[0]
      const job = await read()
      if (!job) return { jobId, outcome: 'missing' }
      if (job.status !== 'IN_PROGRESS') return { jobId, outcome: job.status }
      let final: CallPromptJobRow | undefined
      try {
        const results = await renderRows(job, deps, ctx)
        const rendered = results.filter((r) => r.status === 'SUCCESS').length
        if (rendered === 0) {
          final = await finishCallPromptJob(db, jobId, {
            status: 'FAILURE',
            code: 'CALL_PROMPT_NOTHING_RENDERED',
            message: 'No row could be rendered',
            results,
          })
        } else {
          const archiveKey = await writeArchive(job, results, deps.storage)
          final = await finishCallPromptJob(db, jobId, {
            status: 'SUCCESS',
            archiveKey,
            results,
            charged: billedOf(job, results),
          })
        }
      } catch (error) {
        const now = await read()
        if (now && now.status !== 'IN_PROGRESS') return { jobId, outcome: now.status }
        const code = isTtsError(error) ? error.code : 'CALL_PROMPT_RENDER_FAILED'
        const message = error instanceof Error ? error.message : String(error)
        if (ctx.attempt < ctx.maxAttempts) throw error
        deps.logger?.warn({ jobId, code, err: message }, 'call prompts failed')
        final = await finishCallPromptJob(db, jobId, { status: 'FAILURE', code, message })
      }
      if (final?.source === 'API' && final.callbackUrl)
        await deps.queue.enqueue(
          callPromptCallbackJobSpec,
          { jobId },
          { jobId: callPromptCallbackJobId(jobId) },
        )
      return { jobId, outcome: final?.status ?? (await read())?.status ?? 'missing' }
    },
  })
