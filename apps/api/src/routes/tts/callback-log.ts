import { app as t, type Db } from '@loa/db'
import { asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { iso } from '../../lib/wire.ts'
import type { SynthesisRow } from '@loa/synthesis'

const attemptWire = z.object({
  attempt: z.number(),
  url: z.string(),
  payload: z.unknown(),
  status_code: z.number().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  duration_ms: z.number(),
  created_at: z.string(),
})

/** A request's callback delivery log: the last attempt on top, then every attempt in order. */
export const callbackLogWire = z.object({
  request_id: z.string(),
  callback_url: z.string().nullable(),
  created_at: z.string().nullable(),
  payload: z.unknown(),
  status_code: z.number().nullable(),
  result: z.enum(['SUCCESS', 'FAILURE', 'PENDING']),
  attempts: z.array(attemptWire),
})

/**
 * Every recorded delivery attempt of a request's callback (what the worker's `synthesis.callback` job wrote).
 * Read by the developer API (`GET /tts/{id}/callback-result`, app token) and the console
 * (`GET /api-apps/{id}/requests/{request_id}/callbacks`, signed in).
 */
export const readCallbackLog = async (
  db: Db,
  row: Pick<SynthesisRow, 'id' | 'callbackUrl'>,
): Promise<z.infer<typeof callbackLogWire>> => {
  const attempts = await db
    .select()
    .from(t.synthesisCallbackAttempts)
    .where(eq(t.synthesisCallbackAttempts.requestId, row.id))
    .orderBy(asc(t.synthesisCallbackAttempts.attemptedAt))
  const last = attempts.at(-1)
  return {
    request_id: row.id,
    callback_url: row.callbackUrl,
    created_at: iso(last?.attemptedAt),
    payload: last?.payload ?? null,
    status_code: last?.statusCode ?? null,
    result: attempts.some((a) => a.ok) ? 'SUCCESS' : last ? 'FAILURE' : 'PENDING',
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      url: a.url,
      payload: a.payload,
      status_code: a.statusCode,
      ok: a.ok,
      error: a.error,
      duration_ms: a.durationMs,
      created_at: a.attemptedAt.toISOString(),
    })),
  }
}
