import { createHash } from 'node:crypto'
import { AppError, CommonErrorCode } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, eq, lt, sql } from 'drizzle-orm'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify'
import { ApiErrorCode } from '../errors.ts'
import { runPeriodically } from '../lib/periodic.ts'

/** The request header (case-insensitive); the answer to a replay carries `idempotent-replayed: true`. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** A stored answer is replayed this long after the first call. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000
/** A call still running after this long is taken to have died with its process: a retry may run it again. */
const PENDING_LOCK_MS = 5 * 60_000
const KEY = /^[\x21-\x7e]{1,255}$/

const { idempotencyKeys: keys } = t

/** Whose key it is: the caller (`user:<id>`, `app:<id>`). Throwing (401, …) answers the call with that error. */
export type IdempotencyScope = (request: FastifyRequest) => string | Promise<string>

/**
 * For answers that are not a JSON body to store (streamed audio): `answer` gives what to keep of a 2xx answer
 * (e.g. the id of what it made; null keeps nothing), and `replay` answers a retry from it — true when it sent the
 * answer, false when the first call came to nothing and this one should run again under the same key.
 */
export interface IdempotencyReplay {
  answer: (request: FastifyRequest, reply: FastifyReply) => string | null
  replay: (stored: string, request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
}

interface Claim {
  scope: string
  key: string
}
const claims = new WeakMap<FastifyRequest, Claim>()

/** Canonical JSON (sorted keys): the same body in another key order is the same request. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : (JSON.stringify(value) ?? 'null')

const hashOf = (route: string, body: unknown) =>
  createHash('sha256').update(route).update('\n').update(canonical(body)).digest('hex')

const reused = () =>
  new AppError(
    ApiErrorCode.IDEMPOTENCY_KEY_REUSED,
    'This Idempotency-Key was already used with another request; use a new key for a new request',
    409,
  )
const inUse = () =>
  new AppError(
    ApiErrorCode.IDEMPOTENCY_KEY_IN_USE,
    'A request with this Idempotency-Key is still running; retry shortly for its answer',
    409,
    { headers: { 'retry-after': '1' } },
  )

/** Inserts the pending row; false when the (scope, key) row exists and is still live. */
const insertPending = async (db: Db, claim: Claim, route: string, requestHash: string) => {
  const now = Date.now()
  const rows = await db
    .insert(keys)
    .values({
      ...claim,
      route,
      requestHash,
      state: 'pending',
      lockedUntil: new Date(now + PENDING_LOCK_MS),
      expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ key: keys.key })
  return rows.length > 0
}

const whereClaim = (claim: Claim) => and(eq(keys.scope, claim.scope), eq(keys.key, claim.key))

/**
 * `Idempotency-Key` for a route that creates work or money: spread the result into the route's options
 * (`app.post(url, { ...idempotent(db, scope), schema }, handler)`). Without the header the route runs as before.
 * With it, the first call runs and its 2xx answer is stored (in the database, so every replica sees it): the same
 * key and body within 24 h get that answer again (`idempotent-replayed: true`) and create nothing; the same key
 * with another body or route is a 409 `IDEMPOTENCY_KEY_REUSED`; a retry while the first call still runs is a 409
 * `IDEMPOTENCY_KEY_IN_USE` with `retry-after`. An error answer is not stored: nothing was created, so a retry with
 * the same key runs again. The hooks run after the scope's auth and body validation.
 */
export const idempotent = (
  db: Db,
  scopeOf: IdempotencyScope,
  custom?: IdempotencyReplay,
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } => ({
  preHandler: async function (request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER]
    if (header === undefined) return
    const key = Array.isArray(header) ? header[0]! : header
    if (!KEY.test(key))
      throw new AppError(
        CommonErrorCode.VALIDATION_FAILED,
        'Idempotency-Key must be 1 to 255 visible ASCII characters',
        400,
      )
    const claim = { scope: await scopeOf(request), key }
    const route = `${request.method} ${request.url.split('?')[0]}`
    const requestHash = hashOf(route, request.body)
    // Expired rows give way (a key may be used again after 24 h).
    await db.delete(keys).where(and(whereClaim(claim), lt(keys.expiresAt, new Date())))
    if (await insertPending(db, claim, route, requestHash)) {
      claims.set(request, claim)
      return
    }
    const [row] = await db.select().from(keys).where(whereClaim(claim))
    if (!row) throw inUse() // removed in between by a first call that failed: the client retries
    if (row.requestHash !== requestHash) throw reused()
    if (row.state === 'done' && custom) {
      void reply.header('idempotent-replayed', 'true')
      if (await custom.replay(row.responseBody ?? '', request, reply)) return reply
      // The first call made nothing that lasts (its stream failed): this call runs in its place.
      void reply.removeHeader('idempotent-replayed')
      await db
        .update(keys)
        .set({ state: 'pending', lockedUntil: new Date(Date.now() + PENDING_LOCK_MS), responseBody: null })
        .where(whereClaim(claim))
      claims.set(request, claim)
      return
    }
    if (row.state === 'done') {
      void reply
        .code(row.responseStatus ?? 200)
        .header('content-type', row.responseType ?? 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
      return reply.send(row.responseBody ?? '')
    }
    // Pending past its lock: the first call's process died. Take it over (one retry wins) and run again.
    const taken = await db
      .update(keys)
      .set({ lockedUntil: new Date(Date.now() + PENDING_LOCK_MS) })
      .where(and(whereClaim(claim), eq(keys.state, 'pending'), lt(keys.lockedUntil, new Date())))
      .returning({ key: keys.key })
    if (taken.length === 0) throw inUse()
    claims.set(request, claim)
  },
  onSend: async function (request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = claims.get(request)
    if (!claim) return payload
    claims.delete(request)
    const stored = custom
      ? custom.answer(request, reply)
      : typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString()
          : null
    if (reply.statusCode >= 200 && reply.statusCode < 300 && stored !== null) {
      const type = reply.getHeader('content-type')
      await db
        .update(keys)
        .set({
          state: 'done',
          responseStatus: reply.statusCode,
          responseType: typeof type === 'string' ? type : null,
          responseBody: stored,
          lockedUntil: null,
        })
        .where(whereClaim(claim))
    } else await db.delete(keys).where(whereClaim(claim))
    return payload
  },
})

/** Deletes expired keys hourly (every replica may; the delete is idempotent). */
export const sweepIdempotencyKeys = (app: FastifyInstance, db: Db, everyMs = 3600_000): void =>
  runPeriodically(app, 'idempotency key sweep', everyMs, async () => {
    await db.delete(keys).where(lt(keys.expiresAt, sql`now()`))
  })
