import { Readable } from 'node:stream'
import { app as t, type Database } from '@loa/db'
import { defineJob, type JobContext, type Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import { isTtsError, toSrt, type PauseSettings } from '@loa/tts'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { JobHandlerFactory } from '../types.ts'
import { createPersistentSentenceCache, type PersistentSentenceCache } from './synthesis-cache.ts'
import { chargeReservation, releaseReservation, type Tx } from './synthesis-ledger.ts'
import { renderSynthesis, type RenderedSentenceCost, type RenderParagraph } from './synthesis-render.ts'
import { callbackJobId, callbackJobSpec, synthesisJobSpec } from './synthesis-spec.ts'

type RequestRow = typeof t.synthesisRequests.$inferSelect

const caches = new WeakMap<Storage, PersistentSentenceCache>()

/** The process-wide persistent sentence cache on this storage. */
export const sentenceCacheFor = (storage: Storage): PersistentSentenceCache => {
  let cache = caches.get(storage)
  if (!cache) {
    cache = createPersistentSentenceCache(storage)
    caches.set(storage, cache)
  }
  return cache
}

/** Storage keys of a request's files. */
export const synthesisKeys = (id: string, format: string) => ({
  audio: `synthesis/${id}/audio.${format}`,
  timeline: `synthesis/${id}/timeline.json`,
  srt: `synthesis/${id}/subtitles.srt`,
  vtt: `synthesis/${id}/subtitles.vtt`,
})

/** Errors of the input itself: retrying cannot help. */
const PERMANENT = new Set(['TTS_EMPTY_TEXT', 'TTS_TEXT_TOO_LONG', 'TTS_UNKNOWN_VOICE', 'TTS_INVALID_OPTION'])

/**
 * Settles a request that reached a final status (or was left so by a crash between the status change and
 * the settlement — the status is the arbiter): SUCCESS charges, anything else releases. Idempotent.
 */
const settleFinal = async (tx: Tx, row: RequestRow): Promise<void> => {
  if (!row.reservationId || row.status === 'IN_PROGRESS') return
  if (row.status === 'SUCCESS')
    await chargeReservation(tx, row.reservationId, row.chargedCharacters ?? row.characters, reason(row))
  else await releaseReservation(tx, row.reservationId, `${reason(row)}: ${row.status.toLowerCase()}`)
}

const reason = (row: Pick<RequestRow, 'id' | 'source'>) =>
  `${row.source === 'STUDIO' ? 'Studio' : 'API'} synthesis ${row.id}`

/** Moves an unfinished request to FAILURE and releases its credits, in one transaction. */
export const failRequest = async (
  database: Pick<Database, 'db'>,
  id: string,
  code: string,
  message: string,
): Promise<RequestRow | undefined> =>
  database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(t.synthesisRequests)
      .set({
        status: 'FAILURE',
        errorCode: code,
        errorMessage: message.slice(0, 500),
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(t.synthesisRequests.id, id), eq(t.synthesisRequests.status, 'IN_PROGRESS')))
      .returning()
    if (row) await settleFinal(tx, row)
    return row
  })

export interface CompletedRender {
  audioKey: string | null
  timelineKey: string | null
  durationMs: number
  bitrate: number
  cacheHits: number
  speechUnits: number
  sentences: RenderedSentenceCost[]
}

/**
 * Moves a request to SUCCESS, records the sentences its user has now paid for and charges the reservation:
 * one transaction. Sentences served from the cache that this user already paid for are not charged again.
 * Returns undefined when the request was no longer IN_PROGRESS (cancelled meanwhile).
 */
export const completeRequest = (
  database: Pick<Database, 'db'>,
  row: RequestRow,
  result: CompletedRender,
): Promise<RequestRow | undefined> =>
  database.db.transaction(async (tx) => {
    const hitKeys = [...new Set(result.sentences.filter((s) => s.hit && s.key).map((s) => s.key))]
    const paid = hitKeys.length
      ? new Set(
          (
            await tx
              .select({ key: t.synthesisPaidSentences.cacheKey })
              .from(t.synthesisPaidSentences)
              .where(
                and(
                  eq(t.synthesisPaidSentences.userId, row.userId),
                  inArray(t.synthesisPaidSentences.cacheKey, hitKeys),
                ),
              )
          ).map((r) => r.key),
        )
      : new Set<string>()
    const discount = result.sentences
      .filter((s) => s.hit && paid.has(s.key))
      .reduce((n, s) => n + s.characters, 0)
    const charged = Math.max(0, Math.min(row.characters, row.characters - discount))
    const [won] = await tx
      .update(t.synthesisRequests)
      .set({
        status: 'SUCCESS',
        progress: 100,
        audioKey: result.audioKey,
        timelineKey: result.timelineKey,
        durationMs: Math.round(result.durationMs),
        bitrate: result.bitrate || row.bitrate,
        cacheHits: result.cacheHits,
        speechUnits: result.speechUnits,
        chargedCharacters: charged,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(t.synthesisRequests.id, row.id), eq(t.synthesisRequests.status, 'IN_PROGRESS')))
      .returning()
    if (!won) return undefined
    const newKeys = [...new Set(result.sentences.map((s) => s.key).filter(Boolean))]
    for (let i = 0; i < newKeys.length; i += 500)
      await tx
        .insert(t.synthesisPaidSentences)
        .values(newKeys.slice(i, i + 500).map((cacheKey) => ({ userId: row.userId, cacheKey })))
        .onConflictDoNothing()
    await settleFinal(tx, won)
    if (won.apiAppId)
      await tx
        .update(t.apiApps)
        .set({ charactersCount: sql`${t.apiApps.charactersCount} + ${charged}` })
        .where(eq(t.apiApps.id, won.apiAppId))
    return won
  })

const enqueueCallback = async (queue: Queue, row: RequestRow): Promise<void> => {
  if (row.source !== 'API' || !row.callbackUrl) return
  await queue.enqueue(callbackJobSpec, { requestId: row.id }, { jobId: callbackJobId(row.id) })
}

const runRender = async (
  deps: { database: Database; storage: Storage; queue: Queue },
  row: RequestRow,
  ctx: JobContext,
) => {
  const { db } = deps.database
  const keys = synthesisKeys(row.id, row.audioType)
  let lastWrite = 0
  let lastPercent = row.progress
  const onProgress = (ratio: number) => {
    const percent = Math.min(99, Math.floor(ratio * 100))
    const now = Date.now()
    if (percent <= lastPercent || now - lastWrite < 300) return
    lastPercent = percent
    lastWrite = now
    void db
      .update(t.synthesisRequests)
      .set({ progress: percent, updatedAt: new Date() })
      .where(and(eq(t.synthesisRequests.id, row.id), eq(t.synthesisRequests.status, 'IN_PROGRESS')))
      .catch(() => undefined)
    void ctx.progress(percent).catch(() => undefined)
  }
  const rendered = renderSynthesis({
    paragraphs: row.paragraphs as RenderParagraph[],
    format: row.audioType === 'wav' ? 'wav' : 'mp3',
    bitrate: row.bitrate,
    sampleRate: row.sampleRate,
    pauses: (row.pauses ?? undefined) as Partial<PauseSettings> | undefined,
    cache: sentenceCacheFor(deps.storage),
    signal: ctx.signal,
    onProgress,
  })
  await deps.storage.put(
    keys.audio,
    rendered.audio instanceof Uint8Array ? rendered.audio : Readable.from(rendered.audio),
    { contentType: rendered.mimeType },
  )
  const summary = await rendered.done
  await deps.storage.put(keys.timeline, new TextEncoder().encode(JSON.stringify(summary.timeline)), {
    contentType: 'application/json',
  })
  await deps.storage.put(keys.srt, new TextEncoder().encode(toSrt(summary.timeline)), {
    contentType: 'application/x-subrip',
  })
  return { keys, summary }
}

/**
 * `synthesis.render`: renders one request (job id = request id) and settles its credits exactly once.
 * Re-running is harmless: a request already final is only reconciled (settlement, callback); an unfinished
 * one renders again, its sentences coming back from the persistent cache, and the audio is written under a
 * deterministic key. Moving to SUCCESS, recording the paid sentences and charging are one transaction.
 */
export const synthesisHandlers: JobHandlerFactory = ({ database, storage, queue, logger }) => [
  defineJob({
    ...synthesisJobSpec,
    handler: async ({ requestId }, ctx) => {
      const { db } = database
      const [row] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, requestId))
      if (!row) return { requestId, outcome: 'missing' }
      if (row.status !== 'IN_PROGRESS') {
        await db.transaction((tx) => settleFinal(tx, row))
        await enqueueCallback(queue, row)
        return { requestId, outcome: row.status }
      }
      let rendered: Awaited<ReturnType<typeof runRender>>
      try {
        rendered = await runRender({ database, storage, queue }, row, ctx)
      } catch (error) {
        const [now] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, requestId))
        if (now && now.status !== 'IN_PROGRESS') {
          // Cancelled (or finished by another run) while rendering: reconcile, nothing to retry.
          await db.transaction((tx) => settleFinal(tx, now))
          return { requestId, outcome: now.status }
        }
        const code = isTtsError(error) ? error.code : 'SYNTHESIS_FAILED'
        const message = error instanceof Error ? error.message : String(error)
        if (PERMANENT.has(code) || ctx.attempt >= ctx.maxAttempts) {
          logger?.warn({ requestId, code, err: message }, 'synthesis failed')
          const failed = await failRequest(database, requestId, code, message)
          if (failed) await enqueueCallback(queue, failed)
          return { requestId, outcome: 'FAILURE' }
        }
        throw error
      }
      const { keys, summary } = rendered
      const final = await completeRequest(database, row, {
        ...summary,
        audioKey: keys.audio,
        timelineKey: keys.timeline,
      })
      if (!final) {
        // Cancelled while the files were being written: reconcile and drop the files.
        const [now] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, requestId))
        if (now) await db.transaction((tx) => settleFinal(tx, now))
        await Promise.all(Object.values(keys).map((k) => storage.delete(k).catch(() => undefined)))
        return { requestId, outcome: now?.status ?? 'missing' }
      }
      await ctx.progress(100)
      await enqueueCallback(queue, final)
      return { requestId, outcome: 'SUCCESS', charged: final.chargedCharacters }
    },
  }),
]
