import { AppError, billedCharacters } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import type { Ledger } from '@loa/ledger'
import { findVoice, type DictionaryEntry } from '@loa/tts'
import { and, eq, lt } from 'drizzle-orm'
import { chargeReservation, releaseReservation, type Tx } from '../ledger.ts'
import { creditFactors } from '../service/credit-factor.ts'
import { resolveVoices } from '../service/voices.ts'
import type { CallPromptFormat } from './formats.ts'
import { checkRows, RowsInputError, type CheckedRow, type RowsCheck } from './rows.ts'
import { CALL_PROMPT_PRODUCT, CALL_TRIAL_PACKAGE } from './spec.ts'
import { ScriptError } from './template.ts'

export type CallPromptJobRow = typeof t.callPromptJobs.$inferSelect

/** A row as the job stores it: what it renders and what it is billed. */
export interface StoredRow extends CheckedRow {
  billed: number
}

/** One line of the manifest. */
export interface RowResult {
  row: number
  file: string
  key: string | null
  size: number
  crc: number
  durationMs: number
  characters: number
  status: 'SUCCESS' | 'FAILURE'
  error: string | null
}

export interface CreateCallPrompts {
  userId: string
  source: 'STUDIO' | 'API'
  apiAppId?: string
  callbackUrl?: string
  title?: string
  script: string
  voice: string
  speed: number
  format: CallPromptFormat
  rows: readonly Record<string, string>[]
}

/** Script and rows checked, as an AppError the API answers with (400, problems by row in `details`). */
export const checkCallPrompts = (script: string, rows: readonly Record<string, string>[]): RowsCheck => {
  try {
    return checkRows(script, rows)
  } catch (error) {
    if (error instanceof ScriptError || error instanceof RowsInputError)
      throw new AppError(error.code, error.message, 400)
    throw error
  }
}

const MAX_PROBLEMS_REPORTED = 200

/** The problems of a check as a 400 (nothing is created when any row fails). */
export const rowsInvalid = (check: RowsCheck): AppError =>
  new AppError(
    'CALL_PROMPT_ROWS_INVALID',
    check.missingColumns.length > 0
      ? `The rows lack the column(s) ${check.missingColumns.join(', ')}`
      : `${check.problems.length} value(s) cannot be read; see details.problems`,
    400,
    {
      details: {
        missing_columns: check.missingColumns,
        problem_count: check.problems.length,
        problems: check.problems.slice(0, MAX_PROBLEMS_REPORTED),
      },
    },
  )

/**
 * Grants the call-prompt trial to a profile made before the `aicall` wallet existed, with the sign-up grant's own
 * idempotency key (a profile never receives it twice). A no-op once the key is used.
 */
export const ensureCallTrial = async (db: Db, ledger: Ledger, userId: string): Promise<void> => {
  const [pkg] = await db.select().from(t.packages).where(eq(t.packages.code, CALL_TRIAL_PACKAGE))
  if (!pkg || pkg.credits <= 0) return
  const [entry] = await db
    .select({ id: t.creditEntries.id })
    .from(t.creditEntries)
    .where(eq(t.creditEntries.idempotencyKey, `signup:${userId}:${CALL_TRIAL_PACKAGE}`))
  if (entry) return
  await ledger.grant({
    userId,
    product: CALL_PROMPT_PRODUCT,
    amount: pkg.credits,
    reason: 'signup package',
    reference: `package:${pkg.code}`,
    idempotencyKey: `signup:${userId}:${CALL_TRIAL_PACKAGE}`,
    expiresAt: pkg.durationDays > 0 ? new Date(Date.now() + pkg.durationDays * 86_400_000) : null,
    packageCode: pkg.code,
  })
}

/** The voice a job reads with (catalogue code → engine voice), its region and its credit factor. */
export const callPromptVoice = async (db: Db, voice: string) => {
  const [resolved] = await resolveVoices(db, [{ text: '', voice, speed: 1 }])
  const factor = (await creditFactors(db, [voice])).get(voice) ?? 1
  return { voiceCode: resolved!.voiceCode, region: findVoice(resolved!.voiceCode)!.region, factor }
}

/**
 * Checks the rows (all valid, or a 400 listing the problems), then writes the job and reserves the rows' billed
 * characters from the user's `aicall` wallet in one transaction (402 INSUFFICIENT_CREDITS otherwise). The caller
 * enqueues the render (job id = row id).
 */
export const createCallPromptJob = async (
  db: Db,
  ledger: Ledger,
  input: CreateCallPrompts,
  dictionary: (region: string) => Promise<readonly DictionaryEntry[]>,
): Promise<CallPromptJobRow> => {
  const check = checkCallPrompts(input.script, input.rows)
  if (check.problems.length > 0 || check.missingColumns.length > 0) throw rowsInvalid(check)
  const voice = await callPromptVoice(db, input.voice)
  const rows: StoredRow[] = check.rows.map((r) => ({
    ...r,
    billed: billedCharacters(r.characters, voice.factor),
  }))
  const billed = rows.reduce((sum, r) => sum + r.billed, 0)
  const entries = await dictionary(voice.region)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.callPromptJobs)
      .values({
        userId: input.userId,
        source: input.source,
        apiAppId: input.apiAppId ?? null,
        callbackUrl: input.callbackUrl ?? null,
        title: (input.title?.trim() || input.script.replace(/\s+/g, ' ').trim()).slice(0, 120),
        script: input.script,
        voice: input.voice,
        voiceCode: voice.voiceCode,
        speed: input.speed,
        format: input.format,
        rows,
        dictionary: entries.length > 0 ? entries : null,
        rowCount: rows.length,
        characters: billed,
      })
      .returning()
    const reservation = await ledger.reserve({
      userId: input.userId,
      product: CALL_PROMPT_PRODUCT,
      amount: billed,
      reason: 'call prompts',
      reference: row!.id,
      tx,
    })
    const [withReservation] = await tx
      .update(t.callPromptJobs)
      .set({ reservationId: reservation.id })
      .where(eq(t.callPromptJobs.id, row!.id))
      .returning()
    return withReservation!
  })
}

export type CallPromptOutcome =
  | { status: 'SUCCESS'; archiveKey: string; results: RowResult[]; charged: number }
  | { status: 'FAILURE'; code: string; message: string; results?: RowResult[] }
  | { status: 'CANCELLED' }

/**
 * Moves a job from IN_PROGRESS to its final status exactly once and settles its reservation in the same
 * transaction: the rendered rows charged on success (the rest given back), everything released on failure or
 * cancel. Undefined when it was already final.
 */
export const finishCallPromptJob = async (
  db: Db,
  id: string,
  outcome: CallPromptOutcome,
): Promise<CallPromptJobRow | undefined> =>
  db.transaction(async (tx: Tx) => {
    const now = new Date()
    const [row] = await tx
      .update(t.callPromptJobs)
      .set({
        status: outcome.status,
        updatedAt: now,
        finishedAt: now,
        ...(outcome.status === 'SUCCESS'
          ? {
              progress: 100,
              archiveKey: outcome.archiveKey,
              results: outcome.results,
              charged: outcome.charged,
            }
          : {}),
        ...(outcome.status === 'FAILURE'
          ? {
              errorCode: outcome.code,
              errorMessage: outcome.message.slice(0, 2000),
              ...(outcome.results ? { results: outcome.results } : {}),
            }
          : {}),
      })
      .where(and(eq(t.callPromptJobs.id, id), eq(t.callPromptJobs.status, 'IN_PROGRESS')))
      .returning()
    if (!row) return undefined
    if (row.reservationId) {
      if (outcome.status === 'SUCCESS' && outcome.charged > 0)
        await chargeReservation(tx, row.reservationId, outcome.charged, `call prompts ${row.id}`)
      else
        await releaseReservation(
          tx,
          row.reservationId,
          `call prompts ${row.id} ${outcome.status === 'SUCCESS' ? 'rendered nothing' : outcome.status.toLowerCase()}`,
        )
    }
    return row
  })

/** Writes a running job's progress (rows done, 0–99 %) when it moved forward. */
export const writeCallPromptProgress = async (
  db: Db,
  id: string,
  done: number,
  failed: number,
  total: number,
) => {
  const percent = Math.max(0, Math.min(99, Math.floor((done / Math.max(1, total)) * 100)))
  await db
    .update(t.callPromptJobs)
    .set({ progress: percent, doneRows: done, failedRows: failed, updatedAt: new Date() })
    .where(
      and(
        eq(t.callPromptJobs.id, id),
        eq(t.callPromptJobs.status, 'IN_PROGRESS'),
        lt(t.callPromptJobs.doneRows, done),
      ),
    )
}
