import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { watchRecord } from '@loa/jobs'
import { chargeReservation, releaseReservation, type Ledger } from '@loa/ledger'
import { and, eq, lt } from 'drizzle-orm'
import { billableSeconds } from './billing.ts'
import { billableCharacters, renderInputOf, type RenderInput, type Tx } from './projects.ts'
import { DUBBING_PRODUCT } from './spec.ts'

export type RenderRow = typeof t.dubbingRenders.$inferSelect

export interface StartRender {
  projectId: string
  userId: string
  /** Regenerate one line: only its span is reserved and charged. */
  lineId?: string
  source?: 'STUDIO' | 'API'
  apiAppId?: string
  callbackUrl?: string
}

/**
 * Creates a render and reserves its seconds (billableSeconds) from the user's `aidubbing` wallet in one
 * transaction (402 INSUFFICIENT_CREDITS otherwise). The caller enqueues the job (job id = render id).
 */
export const startRender = async (db: Db, ledger: Ledger, input: StartRender): Promise<RenderRow> =>
  db.transaction(async (tx) => {
    const snapshot: RenderInput = {
      ...(await renderInputOf(tx, input.projectId)),
      ...(input.lineId ? { lineId: input.lineId } : {}),
    }
    if (snapshot.lines.length === 0)
      throw new AppError('DUBBING_NO_CUES', 'The project has no line with text to dub', 400)
    if (input.lineId && !snapshot.lines.some((l) => l.id === input.lineId))
      throw new AppError('DUBBING_NO_CUES', 'The line has no text to dub', 400)
    const characters = billableCharacters(snapshot)
    const seconds = billableSeconds(snapshot)
    const [row] = await tx
      .insert(t.dubbingRenders)
      .values({
        projectId: input.projectId,
        userId: input.userId,
        source: input.source ?? 'STUDIO',
        apiAppId: input.apiAppId ?? null,
        callbackUrl: input.callbackUrl ?? null,
        input: snapshot,
        characters,
        seconds,
      })
      .returning()
    const reservation = await ledger.reserve({
      userId: input.userId,
      product: DUBBING_PRODUCT,
      amount: seconds,
      reason: input.lineId ? 'dubbing: regenerate a line' : 'dubbing render',
      reference: row!.id,
      tx,
    })
    const [withReservation] = await tx
      .update(t.dubbingRenders)
      .set({ reservationId: reservation.id })
      .where(eq(t.dubbingRenders.id, row!.id))
      .returning()
    return withReservation!
  })

export type RenderOutcome =
  | { status: 'SUCCESS'; files: Record<string, string | null>; summary: object; durationMs: number }
  | { status: 'FAILURE'; code: string; message: string }
  | { status: 'CANCELLED' }

/**
 * Moves a render from IN_PROGRESS to its final status exactly once and settles its reservation in the same
 * transaction: charged in full on success, released on failure or cancel. Undefined when it was already final.
 */
export const finishRender = async (
  db: Db,
  id: string,
  outcome: RenderOutcome,
): Promise<RenderRow | undefined> =>
  db.transaction(async (tx: Tx) => {
    const now = new Date()
    const [row] = await tx
      .update(t.dubbingRenders)
      .set({
        status: outcome.status,
        updatedAt: now,
        finishedAt: now,
        ...(outcome.status === 'SUCCESS'
          ? { progress: 100, files: outcome.files, summary: outcome.summary, durationMs: outcome.durationMs }
          : {}),
        ...(outcome.status === 'FAILURE'
          ? { errorCode: outcome.code, errorMessage: outcome.message.slice(0, 2000) }
          : {}),
      })
      .where(and(eq(t.dubbingRenders.id, id), eq(t.dubbingRenders.status, 'IN_PROGRESS')))
      .returning()
    if (!row) return undefined
    if (row.reservationId) {
      if (outcome.status === 'SUCCESS')
        // A render started before migration 0011 has seconds from the backfill; the ledger never charges more
        // than was held.
        await chargeReservation(tx, row.reservationId, row.seconds, `dubbing render ${row.id}`)
      else
        await releaseReservation(
          tx,
          row.reservationId,
          outcome.status === 'CANCELLED'
            ? `dubbing render ${row.id} cancelled`
            : `dubbing render ${row.id} failed`,
        )
    }
    return row
  })

/** Writes a running render's progress (0–99) when it moved forward. */
export const writeProgress = async (db: Db, id: string, percent: number): Promise<void> => {
  const value = Math.max(0, Math.min(99, Math.floor(percent)))
  await db
    .update(t.dubbingRenders)
    .set({ progress: value, updatedAt: new Date() })
    .where(
      and(
        eq(t.dubbingRenders.id, id),
        eq(t.dubbingRenders.status, 'IN_PROGRESS'),
        lt(t.dubbingRenders.progress, value),
      ),
    )
}

/** A render's states as they change (polled), ending with its final status or when `signal` aborts. */
export const watchRender = (
  db: Db,
  id: string,
  signal?: AbortSignal,
  pollMs = 400,
): AsyncGenerator<RenderRow> =>
  watchRecord({
    read: async () => (await db.select().from(t.dubbingRenders).where(eq(t.dubbingRenders.id, id)))[0],
    stateOf: (row) => `${row.status}:${row.progress}`,
    isFinal: (row) => row.status !== 'IN_PROGRESS',
    pollMs,
    signal,
  })
