import { AppError, CommonErrorCode, DEFAULT_VOICE, MAX_SYNTHESIS_CHARACTERS } from '@loa/contracts'
import { app as t } from '@loa/db'
import { findVoice, normalize } from '@loa/tts'
import { and, eq, ilike, isNull, or, type SQL } from 'drizzle-orm'
import { releaseReservation } from '../ledger.ts'
import { createRequest, type CreateOptions } from './create.ts'
import type { SynthesisDeps } from './deps.ts'
import { audioPartKey } from '../jobs/parts.ts'
import { SynthesisErrorCode, synthesisNotFound, textEmpty } from './errors.ts'
import { ensureDownload, requestFileKeys, type DownloadFormat } from './files.ts'
import type { SynthesisRow } from './rows.ts'
import { signalRequest } from './signals.ts'
import { storedSampleRate } from '../telephony.ts'
import { streamSpeech, streamSpeechEarly, type RenderPlan, type StreamSource } from './stream.ts'
import { checkLength, type SynthesisInput } from './validate.ts'
import { regionOf, resolveVoices, type InputParagraph } from './voices.ts'
import { watchRequest, type WatchOptions } from './watch.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface HistoryQuery {
  userId: string
  q?: string
  status?: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'CANCELLED'
  source: 'STUDIO' | 'API' | 'STREAM' | 'ALL'
}

/**
 * The synthesis domain as the api uses it: create (limits → row → credit reservation → job), read, history,
 * cancel/delete, the free reading preview, the progress stream and downloads. Credits are reserved at creation
 * and settled exactly once by whoever moves the request to its final status.
 */
export const createSynthesisService = (deps: SynthesisDeps) => {
  const { db } = deps.database
  const r = t.synthesisRequests

  /** The request if `owner` matches (user id or app id); deleted requests are gone. */
  const find = async (id: string, owner: { userId?: string; appId?: string }): Promise<SynthesisRow> => {
    const [row] = UUID.test(id) ? await db.select().from(r).where(eq(r.id, id)) : []
    if (
      !row ||
      row.deletedAt ||
      (owner.userId !== undefined && row.userId !== owner.userId) ||
      (owner.appId !== undefined && row.apiAppId !== owner.appId)
    )
      throw synthesisNotFound()
    return row
  }

  /** Cancels a running request (credits released in the same transaction). False if it was not running. */
  const cancel = async (id: string): Promise<boolean> => {
    const cancelled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(r)
        .set({ status: 'CANCELLED', finishedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(r.id, id), eq(r.status, 'IN_PROGRESS')))
        .returning()
      if (row?.reservationId) await releaseReservation(tx, row.reservationId, `Synthesis ${id}: cancelled`)
      return row
    })
    if (!cancelled) return false
    signalRequest(db, id)
    await deps.queue?.cancel(id).catch(() => false)
    return true
  }

  /** Hides a finished request from history and removes its files. */
  const remove = async (row: Pick<SynthesisRow, 'id' | 'audioKey' | 'timelineKey'>): Promise<void> => {
    await db.update(r).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(r.id, row.id))
    signalRequest(db, row.id)
    const storage = deps.storage
    if (storage) await Promise.all(requestFileKeys(row).map((k) => storage.delete(k).catch(() => undefined)))
  }

  /** The owner's DELETE: a running request is cancelled, a finished one (or one that just finished) deleted. */
  const cancelOrRemove = async (id: string, owner: { userId: string }) => {
    const row = await find(id, owner)
    if (row.status === 'IN_PROGRESS' && (await cancel(row.id)))
      return { id: row.id, cancelled: true, deleted: false }
    const [now] = await db.select().from(r).where(eq(r.id, row.id))
    await remove(now ?? row)
    return { id: row.id, cancelled: false, deleted: true }
  }

  /** How `text` will be read by `voice` with the user's pronunciation dictionary (free; nothing is stored). */
  const preview = async (userId: string, text: string, voice = DEFAULT_VOICE) => {
    checkLength(text, MAX_SYNTHESIS_CHARACTERS)
    if (!text.trim()) throw textEmpty()
    const [resolved] = await resolveVoices(db, [{ text, voice, speed: 1 }])
    const region = findVoice(resolved!.voiceCode)!.region
    const dictionary = (await deps.dictionary?.entriesFor(userId, [region])) ?? []
    return { ...normalize(text, { region, dictionary }), characters: [...text].length }
  }

  /** The filter of a user's history: source, status and a title/text search (LIKE wildcards escaped). */
  const historyWhere = (query: HistoryQuery): SQL | undefined => {
    const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
    return and(
      eq(r.userId, query.userId),
      isNull(r.deletedAt),
      query.source === 'ALL' ? undefined : eq(r.source, query.source),
      query.status ? eq(r.status, query.status) : undefined,
      pattern ? or(ilike(r.title, pattern), ilike(r.text, pattern)) : undefined,
    )
  }

  /** A signed link to a finished request's file (subtitles and the other audio format are made once). */
  const download = (row: SynthesisRow, format?: DownloadFormat) => {
    if (!deps.storage)
      throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'Storage is not configured', 503)
    return ensureDownload(deps.storage, row, format)
  }

  /**
   * Part `n` of a request's audio while it renders (issue 31): 409 SYNTHESIS_NOT_READY until it is published;
   * 404 once the request is final and its parts were replaced by the whole file (`audio_link`).
   */
  const audioPart = async (row: SynthesisRow, n: number): Promise<Uint8Array> => {
    if (!deps.storage)
      throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'Storage is not configured', 503)
    if (n >= row.audioParts) {
      if (row.status === 'IN_PROGRESS')
        throw new AppError(SynthesisErrorCode.SYNTHESIS_NOT_READY, `Part ${n} is not rendered yet`, 409)
      throw new AppError(
        SynthesisErrorCode.SYNTHESIS_NOT_FOUND,
        `The request is ${row.status}: no part ${n} (the whole file is at audio_link)`,
        404,
      )
    }
    return deps.storage.getBytes(audioPartKey(row.id, n))
  }

  return {
    create: (request: SynthesisInput, options: CreateOptions) =>
      createRequest(
        deps,
        { ...request, sampleRate: storedSampleRate(request.audioType, request.sampleRate) },
        options,
      ),
    resolveVoices: (paragraphs: InputParagraph[]) => resolveVoices(db, paragraphs),
    find,
    cancel,
    remove,
    cancelOrRemove,
    preview,
    historyWhere,
    download,
    audioPart,
    /** Audio as it is rendered: a paid request made with `enqueue: false` (settled at the end), or the demo. */
    stream: (source: StreamSource) => streamSpeech(deps, source),
    /** Audio rendered while its request is still being made; nothing leaves before the row exists (streamSpeechEarly). */
    streamEarly: (pending: Promise<SynthesisRow>, plan: RenderPlan) => streamSpeechEarly(deps, pending, plan),
    /**
     * What requests of one voice will render with, as `createRequest` would store it: the engine voice and the
     * owner's dictionary entries of its region now (the text-in WebSocket asks once per socket).
     */
    voicePlan: async (userId: string, voice: string) => {
      const [paragraph] = await resolveVoices(db, [{ text: '', voice, speed: 1 }])
      const entries = (await deps.dictionary?.entriesFor(userId, [regionOf(paragraph!)])) ?? []
      return { voiceCode: paragraph!.voiceCode, dictionary: entries.length > 0 ? entries : null }
    },
    /** The request's states as they change, ending with its final status (see watchRequest). */
    watch: (id: string, options: Omit<WatchOptions, 'queue'> = {}) =>
      watchRequest(deps.database, id, { ...options, queue: deps.queue }),
  }
}

export type SynthesisService = ReturnType<typeof createSynthesisService>
