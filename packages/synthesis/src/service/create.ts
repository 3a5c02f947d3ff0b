import { randomUUID } from 'node:crypto'
import {
  AppError,
  billedRequestCharacters,
  CommonErrorCode,
  MAX_STREAM_CHARACTERS,
  MAX_SYNTHESIS_CHARACTERS,
} from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, eq, gte, sql } from 'drizzle-orm'
import { releaseReservation, type Tx } from '../ledger.ts'
import { failRequest } from '../requests.ts'
import { synthesisJobSpec, type WebhookShape } from '../spec.ts'
import { creditFactors } from './credit-factor.ts'
import { SynthesisErrorCode, synthesisNotFound } from './errors.ts'
import type { SynthesisRow } from './rows.ts'
import { validateSynthesis, type SynthesisInput } from './validate.ts'
import { regionOf, resolveVoices } from './voices.ts'
import type { SynthesisDeps } from './deps.ts'

export type ApiAppRow = typeof t.apiApps.$inferSelect
export type SynthesisSource = 'STUDIO' | 'API' | 'STREAM'

export interface CreateOptions {
  userId: string
  source: SynthesisSource
  app?: ApiAppRow
  /** Enqueue the render job (false for streamed requests rendered by the api itself). */
  enqueue?: boolean
  /** When the retention sweep may delete the files (developer API requests; none: kept). */
  retainUntil?: Date | null
  /** The webhook body's shape (`v1` for `POST /v1/tts`; none: the old one), carried by the render job. */
  webhook?: WebhookShape
}

const tooMany = (code: string, message: string, retryAfter: string, details: Record<string, number>) =>
  new AppError(code, message, 429, { headers: { 'retry-after': retryAfter }, details })

/** Counts the app's running and recent requests under a lock on its row, so parallel requests count right. */
const checkAppLimits = async (tx: Tx, app: ApiAppRow) => {
  const r = t.synthesisRequests
  await tx.execute(sql`select id from ${t.apiApps} where id = ${app.id} for update`)
  const count = async (where: ReturnType<typeof and>) =>
    (
      await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(r)
        .where(where)
    )[0]?.n ?? 0
  if ((await count(and(eq(r.apiAppId, app.id), eq(r.status, 'IN_PROGRESS')))) >= app.maxConcurrent)
    throw tooMany(
      SynthesisErrorCode.TTS_CONCURRENCY_LIMIT_REACHED,
      `At most ${app.maxConcurrent} requests of this app may run at once`,
      '5',
      { max_concurrent: app.maxConcurrent },
    )
  const since = new Date(Date.now() - 60_000)
  if ((await count(and(eq(r.apiAppId, app.id), gte(r.createdAt, since)))) >= app.requestsPerMinute)
    throw tooMany(
      SynthesisErrorCode.TTS_RATE_LIMITED,
      `At most ${app.requestsPerMinute} requests per minute for this app`,
      '60',
      { requests_per_minute: app.requestsPerMinute },
    )
  await tx
    .update(t.apiApps)
    .set({ requestsCount: sql`${t.apiApps.requestsCount} + 1`, lastUsedAt: new Date() })
    .where(eq(t.apiApps.id, app.id))
}

/** Seconds a client should wait before retrying a request refused because the queue is down. */
export const QUEUE_RETRY_AFTER_SECONDS = 5

const queueUnavailable = (cause: unknown) =>
  new AppError(
    CommonErrorCode.QUEUE_UNAVAILABLE,
    'The job queue is not reachable; nothing was charged. Try again shortly',
    503,
    { headers: { 'retry-after': String(QUEUE_RETRY_AFTER_SECONDS) }, cause },
  )

/** Undoes step 1 when the credits could not be reserved: nothing was charged, nothing runs. */
const dropRequest = (db: Db, id: string, app: ApiAppRow | undefined) =>
  db.transaction(async (tx) => {
    await tx.delete(t.synthesisRequests).where(eq(t.synthesisRequests.id, id))
    if (app)
      await tx
        .update(t.apiApps)
        .set({ requestsCount: sql`greatest(${t.apiApps.requestsCount} - 1, 0)` })
        .where(eq(t.apiApps.id, app.id))
  })

/**
 * Creates a request: voices and limits checked → row (and app counters) → credit reservation → render job.
 * Credits are reserved here and settled exactly once by whoever moves the request to its final status.
 */
export const createRequest = async (
  deps: SynthesisDeps,
  request: SynthesisInput,
  options: CreateOptions,
): Promise<SynthesisRow> => {
  const { db } = deps.database
  const input = { ...request, paragraphs: await resolveVoices(db, request.paragraphs) }
  const { text, characters: counted } = validateSynthesis(
    input,
    options.source === 'STREAM' ? MAX_STREAM_CHARACTERS : MAX_SYNTHESIS_CHARACTERS,
  )
  // What the request reserves, charges and records: its characters times its voices' credit factors.
  const characters = billedRequestCharacters(
    counted,
    input.paragraphs,
    await creditFactors(
      db,
      input.paragraphs.map((p) => p.voice),
    ),
  )
  const enqueue = options.enqueue ?? true
  if (enqueue && !deps.queue)
    throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'The job queue is not available', 503)
  // Before anything is written or reserved: while Redis is down the request is refused at once (the queue's
  // ping is bounded), instead of waiting for Redis and being run and charged after the client gave up.
  if (enqueue) await deps.queue!.ping().catch((error: unknown) => Promise.reject(queueUnavailable(error)))
  // The owner's dictionary as it is now: a later edit never changes a request already accepted.
  const regions = [...new Set(input.paragraphs.map(regionOf))]
  const dictionary = (await deps.dictionary?.entriesFor(options.userId, regions)) ?? []
  const id = randomUUID()
  const first = input.paragraphs[0]!
  // 1. Limits and the row, in one transaction.
  await db.transaction(async (tx) => {
    if (options.app) await checkAppLimits(tx, options.app)
    await tx.insert(t.synthesisRequests).values({
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
      retainUntil: options.retainUntil ?? null,
    })
  })
  // 2. Credits: a failed reservation removes the row again.
  let reservationId: string
  try {
    reservationId = (
      await deps.credits.reserve({
        userId: options.userId,
        source: options.source,
        amount: characters,
        reason: `${options.source === 'STUDIO' ? 'Studio' : 'API'} synthesis ${id}`,
        reference: id,
      })
    ).id
  } catch (error) {
    await dropRequest(db, id, options.app)
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
  if (!row) throw synthesisNotFound()
  // 3. The job (id = request id). If the queue refuses it, the request fails and the credits go back.
  if (enqueue) {
    try {
      await deps.queue!.enqueue(synthesisJobSpec, { requestId: id, webhook: options.webhook }, { jobId: id })
    } catch (error) {
      await failRequest(deps.database, id, CommonErrorCode.QUEUE_UNAVAILABLE, String(error))
      throw queueUnavailable(error)
    }
  }
  return row
}
