/**
 * Synthesis requests shared by the api (which creates, streams and cancels them) and the worker (which renders
 * them): storage keys, the process-wide sentence cache, and the final transitions that settle credits once.
 */
import { app as t, type Database } from '@loa/db'
import type { Storage } from '@loa/storage'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { createPersistentSentenceCache, type PersistentSentenceCache } from './cache.ts'
import { chargeReservation, releaseReservation, type Tx } from './ledger.ts'
import type { RenderedSentenceCost } from './render.ts'
import { billedDiscount } from './service/credit-factor.ts'
import { signalRequest } from './service/signals.ts'

export type RequestRow = typeof t.synthesisRequests.$inferSelect

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

/**
 * Settles a request that reached a final status (or was left so by a crash between the status change and
 * the settlement — the status is the arbiter): SUCCESS charges, anything else releases. Idempotent.
 */
export const settleFinal = async (tx: Tx, row: RequestRow): Promise<void> => {
  if (!row.reservationId || row.status === 'IN_PROGRESS') return
  if (row.status === 'SUCCESS')
    await chargeReservation(tx, row.reservationId, row.chargedCharacters ?? row.characters, reason(row))
  else await releaseReservation(tx, row.reservationId, `${reason(row)}: ${row.status.toLowerCase()}`)
}

const reason = (row: Pick<RequestRow, 'id' | 'source'>) =>
  `${row.source === 'STUDIO' ? 'Studio' : 'API'} synthesis ${row.id}`

/** Runs `write` in a transaction, then wakes the request's watchers in this process (see signals.ts). */
const signalAfter = async <T>(
  database: Pick<Database, 'db'>,
  id: string,
  write: (tx: Tx) => Promise<T>,
): Promise<T> => {
  const result = await database.db.transaction(write)
  signalRequest(database.db, id)
  return result
}

/** Moves an unfinished request to FAILURE and releases its credits, in one transaction. */
export const failRequest = async (
  database: Pick<Database, 'db'>,
  id: string,
  code: string,
  message: string,
): Promise<RequestRow | undefined> =>
  signalAfter(database, id, async (tx) => {
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
  signalAfter(database, row.id, async (tx) => {
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
    const discount = billedDiscount(
      result.sentences.filter((s) => s.hit && paid.has(s.key)).reduce((n, s) => n + s.characters, 0),
      row.characters,
      row.text,
    )
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
