import { randomUUID } from 'node:crypto'
import { AppError, CommonErrorCode } from '@loa/contracts'
import { app as t, type Database } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import {
  BITRATE_RANGE,
  findVoice,
  MP3_SAMPLE_RATES,
  resolveOptions,
  SAMPLE_RATE_RANGE,
  SPEED_RANGE,
  VOICES,
  type DictionaryEntry,
  type PauseSettings,
  type Region,
} from '@loa/tts'
import {
  billableCharacters,
  failRequest,
  joinParagraphs,
  releaseReservation,
  synthesisJobSpec,
  type RenderParagraph,
} from '@loa/synthesis'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { ApiErrorCode } from '../errors.ts'
import type { CreditsService } from './credits.ts'

/** Longest text of one studio or API request (characters as typed). */
export const MAX_SYNTHESIS_CHARACTERS = 100_000
/** Longest text of a streamed request. */
export const MAX_STREAM_CHARACTERS = 2_000
/** Longest text of the public demo. */
export const MAX_DEMO_CHARACTERS = 300
/** Paragraphs of one request at most. */
export const MAX_PARAGRAPHS = 2_000
/** How long signed download links stay valid. */
export const LINK_TTL_SECONDS = 60 * 60

export type SynthesisRow = typeof t.synthesisRequests.$inferSelect
export type ApiAppRow = typeof t.apiApps.$inferSelect

/**
 * The @loa/tts voice that speaks a catalogue voice. The catalogue stores either a tts voice code or an eSpeak
 * reference `espeak:<voice>+<variant>` (the seeds); the latter maps to the tts voice with that eSpeak voice
 * and variant, else the first one of that voice and gender.
 */
export const ttsVoiceFor = (engineVoice: string): string | undefined => {
  if (findVoice(engineVoice)) return engineVoice
  const m = /^espeak:([\w-]+)\+([a-z]+)(\d*)$/i.exec(engineVoice)
  if (!m) return undefined
  const [, espeakVoice, kind, n] = m
  const same = VOICES.filter((v) => v.engine.espeakVoice === espeakVoice)
  const gender = kind!.toLowerCase() === 'f' ? 'FEMALE' : 'MALE'
  return (
    same.find((v) => v.engine.variant === `${kind}${n}`) ??
    same.find((v) => v.gender === gender) ??
    same[0]
  )?.code
}

/** A paragraph as requested: the catalogue voice code (`voice`) and, once resolved, the engine voice. */
export interface InputParagraph {
  text: string
  voice: string
  speed: number
}

/** What the row keeps per paragraph: the engine voice to render with and the catalogue code to show. */
export type StoredParagraph = RenderParagraph & { voice: string }

export interface SynthesisInput {
  paragraphs: InputParagraph[]
  audioType: 'mp3' | 'wav'
  bitrate: number
  sampleRate: number
  pauses?: Partial<PauseSettings>
  title?: string
  callbackUrl?: string | null
}

const invalid = (message: string) => new AppError(ApiErrorCode.SYNTHESIS_OPTION_INVALID, message, 400)

/**
 * Checks a request the way the engine will (voices, speed, bitrate, sample rate, pauses, length) so that bad
 * input is a 4xx before any credit is touched. Returns the joined text and its billable characters.
 */
export const validateSynthesis = (
  input: Omit<SynthesisInput, 'paragraphs'> & { paragraphs: RenderParagraph[] },
  maxCharacters = MAX_SYNTHESIS_CHARACTERS,
): { text: string; characters: number } => {
  if (input.paragraphs.length === 0) throw new AppError(ApiErrorCode.TEXT_EMPTY, 'The text is empty', 400)
  if (input.paragraphs.length > MAX_PARAGRAPHS)
    throw new AppError(ApiErrorCode.TEXT_TOO_LONG, `At most ${MAX_PARAGRAPHS} paragraphs per request`, 400)
  const text = joinParagraphs(input.paragraphs)
  if (text.length > maxCharacters)
    throw new AppError(
      ApiErrorCode.TEXT_TOO_LONG,
      `The text has ${text.length} characters; at most ${maxCharacters} are accepted`,
      400,
      { details: { max_characters: maxCharacters, characters: text.length } },
    )
  const characters = billableCharacters(text)
  if (characters === 0 || input.paragraphs.every((p) => billableCharacters(p.text) === 0))
    throw new AppError(ApiErrorCode.TEXT_EMPTY, 'The text is empty', 400)
  for (const p of input.paragraphs) {
    if (!findVoice(p.voiceCode))
      throw new AppError(ApiErrorCode.VOICE_NOT_FOUND, `Unknown voice '${p.voiceCode}'`, 400)
    if (!(p.speed >= SPEED_RANGE.min && p.speed <= SPEED_RANGE.max))
      throw invalid(`speed must be between ${SPEED_RANGE.min} and ${SPEED_RANGE.max}`)
  }
  if (!(
    Number.isInteger(input.bitrate) &&
    input.bitrate >= BITRATE_RANGE.min &&
    input.bitrate <= BITRATE_RANGE.max
  ))
    throw invalid(`bitrate must be an integer between ${BITRATE_RANGE.min} and ${BITRATE_RANGE.max}`)
  if (
    !(
      Number.isInteger(input.sampleRate) &&
      input.sampleRate >= SAMPLE_RATE_RANGE.min &&
      input.sampleRate <= SAMPLE_RATE_RANGE.max
    ) ||
    (input.audioType === 'mp3' && !(MP3_SAMPLE_RATES as readonly number[]).includes(input.sampleRate))
  )
    throw invalid(
      input.audioType === 'mp3'
        ? `sample_rate for MP3 must be one of ${MP3_SAMPLE_RATES.join(', ')}`
        : `sample_rate must be between ${SAMPLE_RATE_RANGE.min} and ${SAMPLE_RATE_RANGE.max}`,
    )
  try {
    resolveOptions({
      voice: input.paragraphs[0]!.voiceCode,
      format: input.audioType,
      bitrate: input.bitrate,
      sampleRate: input.sampleRate,
      pauses: input.pauses,
    })
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error))
  }
  return { text, characters }
}

export interface CreateOptions {
  userId: string
  source: 'STUDIO' | 'API' | 'STREAM'
  app?: ApiAppRow
  /** Enqueue the render job (false for streamed requests rendered by the api itself). */
  enqueue?: boolean
}

/**
 * Synthesis requests: creation (limits → row → credit reservation → job), cancellation and deletion.
 * Credits are reserved at creation and settled exactly once by whoever moves the request to its final status.
 */
export const createSynthesisService = (deps: {
  database: Pick<Database, 'db'>
  credits: CreditsService
  queue?: Queue
  storage?: Storage
  /** The user's pronunciation dictionary, snapshotted into each request (none: requests read without one). */
  dictionary?: { entriesFor: (userId: string, regions: readonly Region[]) => Promise<DictionaryEntry[]> }
}) => {
  const { db } = deps.database

  /** Catalogue voice codes → engine voices (active catalogue voices; engine ids are accepted as they are). */
  const resolveVoices = async (paragraphs: InputParagraph[]): Promise<StoredParagraph[]> => {
    const codes = [...new Set(paragraphs.map((p) => p.voice))]
    const rows = codes.length
      ? await db
          .select({ code: t.voices.code, engineVoice: t.voices.engineVoice })
          .from(t.voices)
          .where(and(inArray(t.voices.code, codes), eq(t.voices.active, true)))
      : []
    const engine = new Map(rows.map((r) => [r.code, r.engineVoice]))
    return paragraphs.map((p) => {
      const mapped = engine.get(p.voice)
      const voiceCode = mapped !== undefined ? ttsVoiceFor(mapped) : findVoice(p.voice) ? p.voice : undefined
      if (!voiceCode || !findVoice(voiceCode))
        throw new AppError(ApiErrorCode.VOICE_NOT_FOUND, `Unknown voice '${p.voice}'`, 400)
      return { text: p.text, voiceCode, speed: p.speed, voice: p.voice }
    })
  }

  const create = async (request: SynthesisInput, options: CreateOptions): Promise<SynthesisRow> => {
    const input = { ...request, paragraphs: await resolveVoices(request.paragraphs) }
    const { text, characters } = validateSynthesis(
      input,
      options.source === 'STREAM' ? MAX_STREAM_CHARACTERS : MAX_SYNTHESIS_CHARACTERS,
    )
    const enqueue = options.enqueue ?? true
    if (enqueue && !deps.queue)
      throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'The job queue is not available', 503)
    // The owner's dictionary as it is now: a later edit never changes a request already accepted.
    const regions = [...new Set(input.paragraphs.map((p) => findVoice(p.voiceCode)!.region))]
    const dictionary = (await deps.dictionary?.entriesFor(options.userId, regions)) ?? []
    const id = randomUUID()
    const first = input.paragraphs[0]!
    const values: typeof t.synthesisRequests.$inferInsert = {
      id,
      userId: options.userId,
      source: options.source,
      apiAppId: options.app?.id ?? null,
      title: (input.title?.trim() || text.replace(/\s+/g, ' ').trim()).slice(0, 120),
      text,
      paragraphs: input.paragraphs,
      pauses: input.pauses ?? null,
      dictionary: dictionary.length > 0 ? dictionary : null,
      voiceCode: first.voice,
      audioType: input.audioType,
      bitrate: input.bitrate,
      sampleRate: input.sampleRate,
      speedRate: first.speed,
      characters,
      callbackUrl: input.callbackUrl ?? null,
    }
    // 1. Limits and the row, in one transaction (the app row is locked so parallel requests count right).
    await db.transaction(async (tx) => {
      const app = options.app
      if (app) {
        await tx.execute(sql`select id from ${t.apiApps} where id = ${app.id} for update`)
        const [running] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(t.synthesisRequests)
          .where(and(eq(t.synthesisRequests.apiAppId, app.id), eq(t.synthesisRequests.status, 'IN_PROGRESS')))
        if ((running?.n ?? 0) >= app.maxConcurrent)
          throw new AppError(
            ApiErrorCode.TTS_CONCURRENCY_LIMIT_REACHED,
            `At most ${app.maxConcurrent} requests of this app may run at once`,
            429,
            { headers: { 'retry-after': '5' }, details: { max_concurrent: app.maxConcurrent } },
          )
        const [recent] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(t.synthesisRequests)
          .where(
            and(
              eq(t.synthesisRequests.apiAppId, app.id),
              gte(t.synthesisRequests.createdAt, new Date(Date.now() - 60_000)),
            ),
          )
        if ((recent?.n ?? 0) >= app.requestsPerMinute)
          throw new AppError(
            ApiErrorCode.TTS_RATE_LIMITED,
            `At most ${app.requestsPerMinute} requests per minute for this app`,
            429,
            { headers: { 'retry-after': '60' }, details: { requests_per_minute: app.requestsPerMinute } },
          )
        await tx
          .update(t.apiApps)
          .set({ requestsCount: sql`${t.apiApps.requestsCount} + 1`, lastUsedAt: new Date() })
          .where(eq(t.apiApps.id, app.id))
      }
      await tx.insert(t.synthesisRequests).values(values)
    })
    // 2. Credits: a failed reservation removes the row again (nothing was charged, nothing runs).
    let reservationId: string
    try {
      reservationId = (
        await deps.credits.reserve(options.userId, characters, {
          reason: `${options.source === 'STUDIO' ? 'Studio' : 'API'} synthesis ${id}`,
          reference: id,
        })
      ).id
    } catch (error) {
      await db.transaction(async (tx) => {
        await tx.delete(t.synthesisRequests).where(eq(t.synthesisRequests.id, id))
        if (options.app)
          await tx
            .update(t.apiApps)
            .set({ requestsCount: sql`greatest(${t.apiApps.requestsCount} - 1, 0)` })
            .where(eq(t.apiApps.id, options.app.id))
      })
      throw error
    }
    const [row] = await db.transaction(async (tx) => {
      const updated = await tx
        .update(t.synthesisRequests)
        .set({ reservationId })
        .where(and(eq(t.synthesisRequests.id, id), eq(t.synthesisRequests.status, 'IN_PROGRESS')))
        .returning()
      if (updated.length === 0) await releaseReservation(tx, reservationId, `Synthesis ${id}: cancelled`)
      return updated
    })
    if (!row) throw new AppError(ApiErrorCode.SYNTHESIS_NOT_FOUND, 'Synthesis request not found', 404)
    // 3. The job (id = request id). If the queue refuses it, the request fails and the credits go back.
    if (enqueue) {
      try {
        await deps.queue!.enqueue(synthesisJobSpec, { requestId: id }, { jobId: id })
      } catch (error) {
        await failRequest(deps.database, id, 'QUEUE_UNAVAILABLE', String(error))
        throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'The job queue is not available', 503, {
          cause: error,
        })
      }
    }
    return row
  }

  /** The request if `owner` matches (user id or app id); deleted requests are gone. */
  const find = async (id: string, owner: { userId?: string; appId?: string }): Promise<SynthesisRow> => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    const [row] = uuid
      ? await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, id))
      : []
    if (
      !row ||
      row.deletedAt ||
      (owner.userId !== undefined && row.userId !== owner.userId) ||
      (owner.appId !== undefined && row.apiAppId !== owner.appId)
    )
      throw new AppError(ApiErrorCode.SYNTHESIS_NOT_FOUND, 'Synthesis request not found', 404)
    return row
  }

  /** Cancels a running request (credits released in the same transaction). False if it was not running. */
  const cancel = async (id: string): Promise<boolean> => {
    const cancelled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(t.synthesisRequests)
        .set({ status: 'CANCELLED', finishedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(t.synthesisRequests.id, id), eq(t.synthesisRequests.status, 'IN_PROGRESS')))
        .returning()
      if (row?.reservationId) await releaseReservation(tx, row.reservationId, `Synthesis ${id}: cancelled`)
      return row
    })
    if (!cancelled) return false
    await deps.queue?.cancel(id).catch(() => false)
    return true
  }

  /** Hides a finished request from history and removes its files. */
  const remove = async (row: SynthesisRow): Promise<void> => {
    await db
      .update(t.synthesisRequests)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(t.synthesisRequests.id, row.id))
    if (deps.storage) {
      const storage = deps.storage
      const prefix = `synthesis/${row.id}/`
      const keys = [
        row.audioKey,
        row.timelineKey,
        `${prefix}audio.mp3`,
        `${prefix}audio.wav`,
        `${prefix}subtitles.srt`,
        `${prefix}subtitles.vtt`,
      ].filter((k): k is string => Boolean(k))
      await Promise.all([...new Set(keys)].map((k) => storage.delete(k).catch(() => undefined)))
    }
  }

  return { create, find, cancel, remove, resolveVoices }
}

export type SynthesisService = ReturnType<typeof createSynthesisService>
