import { AppError, billedCharacters, CommonErrorCode, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import {
  callPromptJobSpec,
  callPromptPayload,
  callPromptVoice,
  checkCallPrompts,
  createCallPromptJob,
  ensureCallTrial,
  finishCallPromptJob,
  rowsOfCsv,
  RowsInputError,
  type CallPromptJobRow,
} from '@loa/synthesis'
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, pagination } from '../../lib/wire.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { checkCallbackUrl } from '../api-apps/index.ts'
import { previewWire, toPreviewWire } from '../synthesis/wire.ts'
import { callerOf, callerScope, type Caller } from './caller.ts'
import { checkBody, checkWire, createBody, jobWire, previewBody } from './wire.ts'

const BODY_LIMIT = 6 * 1024 * 1024
const security: Record<string, string[]>[] = [{ bearer: [] }, { appToken: [] }]
const idParams = z.object({ id: z.string().max(100).describe('The job’s id') })

const rowsOf = (body: {
  csv?: string
  rows?: Record<string, string | number>[]
}): Record<string, string>[] => {
  if (body.rows)
    return body.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])))
  try {
    return rowsOfCsv(body.csv ?? '')
  } catch (error) {
    if (error instanceof RowsInputError) throw new AppError(error.code, error.message, 400)
    throw error
  }
}

const notFound = () => new AppError('CALL_PROMPT_NOT_FOUND', 'Call-prompt job not found', 404)

/**
 * Bulk call prompts (issue 30 §4, the AICall product): a script with `{{variables}}` and CSV or JSON rows, checked
 * by row; a job that renders every row to a telephone file and packs them in a ZIP with a manifest; billed per
 * character from the `aicall` wallet. The studio calls with its session, the developer API with an app token
 * (`Bearer loa_…`; the app owner's wallet, an optional signed callback).
 */
export const callPromptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, ledger, config } = app.ctx
  const { synthesis, pronunciation } = synthesisContext(app)
  const caller = (request: Parameters<typeof callerOf>[1]) => callerOf(app, request)
  const mine = (c: Caller, id: string): SQL =>
    and(
      eq(t.callPromptJobs.id, id),
      c.app ? eq(t.callPromptJobs.apiAppId, c.app.id) : eq(t.callPromptJobs.userId, c.userId),
    )!
  const find = async (c: Caller, id: string): Promise<CallPromptJobRow> => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound()
    const [row] = await db.select().from(t.callPromptJobs).where(mine(c, id))
    if (!row) throw notFound()
    return row
  }

  app.post(
    '/call-prompts/check',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['call-prompts'],
        summary:
          'Check a script and its rows (free): every value read by its type, problems by row, the cost',
        security,
        body: checkBody,
        response: { 200: envelope(checkWire) },
      },
    },
    async (request) => {
      const c = await caller(request)
      const b = request.body
      if ((b.csv === undefined) === (b.rows === undefined))
        throw new AppError('CALL_PROMPT_NO_ROWS', 'Give csv or rows', 400)
      const check = checkCallPrompts(b.script, rowsOf(b))
      const factor = b.voice_code ? (await callPromptVoice(db, b.voice_code)).factor : 1
      await ensureCallTrial(db, ledger, c.userId)
      return ok({
        variables: check.variables,
        row_count: check.rows.length + new Set(check.problems.map((p) => p.row)).size,
        valid_rows: check.rows.length,
        characters: check.characters,
        credits: check.rows.reduce((sum, r) => sum + billedCharacters(r.characters, factor), 0),
        balance: await ledger.balance(c.userId, 'aicall'),
        missing_columns: check.missingColumns,
        unused_columns: check.unusedColumns,
        problems: check.problems.slice(0, 200),
        problem_count: check.problems.length,
        first_text: check.rows[0]?.text ?? null,
      })
    },
  )

  app.post(
    '/call-prompts/preview',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['call-prompts'],
        summary:
          'How one row will be read (free): the filled prompt, normalized with the caller’s dictionary',
        security,
        body: previewBody,
        response: { 200: envelope(previewWire) },
      },
    },
    async (request) => {
      const c = await caller(request)
      const { script, values, voice_code, csv, row = 1 } = request.body
      const given = values
        ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]))
        : rowsOf({ csv })[row - 1]
      if (!given) throw new AppError('CALL_PROMPT_NO_ROWS', `The CSV has no row ${row}`, 400)
      const check = checkCallPrompts(script, [given])
      if (check.rows.length === 0)
        throw new AppError(
          'CALL_PROMPT_ROWS_INVALID',
          'The values cannot be read; see details.problems',
          400,
          {
            details: { missing_columns: check.missingColumns, problems: check.problems },
          },
        )
      return ok(toPreviewWire(await synthesis.preview(c.userId, check.rows[0]!.text, voice_code)))
    },
  )

  app.post(
    '/call-prompts',
    {
      ...idempotent(db, (request) => callerScope(app, request)),
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['call-prompts'],
        summary:
          'Render every row of a script to a telephone file (a job; ZIP with manifest.csv); credits reserved from the call-prompt wallet now, the rendered rows charged at the end',
        security,
        body: createBody,
        response: { 200: envelope(jobWire) },
      },
    },
    async (request) => {
      const c = await caller(request)
      const b = request.body
      const callbackUrl = c.app ? (b.callback_url ?? c.app.callbackUrl ?? undefined) : undefined
      if (b.callback_url && !c.app)
        throw new AppError('CALL_PROMPT_CALLBACK_API_ONLY', 'callback_url is for app-token calls', 400)
      if (callbackUrl) await checkCallbackUrl(callbackUrl, config.synthesis.callbackAllowHosts)
      if (!app.ctx.queue) throw new AppError('SERVICE_UNAVAILABLE', 'The job queue is not available', 503)
      // Before anything is reserved: while the queue is down the job is refused at once (nothing charged).
      await app.ctx.queue.ping().catch((cause: unknown) => {
        throw new AppError(
          CommonErrorCode.QUEUE_UNAVAILABLE,
          'The job queue is not reachable; nothing was charged',
          503,
          {
            headers: { 'retry-after': '5' },
            cause,
          },
        )
      })
      await ensureCallTrial(db, ledger, c.userId)
      const row = await createCallPromptJob(
        db,
        ledger,
        {
          userId: c.userId,
          source: c.app ? 'API' : 'STUDIO',
          ...(c.app ? { apiAppId: c.app.id } : {}),
          ...(callbackUrl ? { callbackUrl } : {}),
          title: b.title,
          script: b.script,
          voice: b.voice_code,
          speed: b.speed,
          format: b.format,
          rows: rowsOf(b),
        },
        (region) => pronunciation.entriesFor(c.userId, [region as never]),
      )
      try {
        await app.ctx.queue.enqueue(callPromptJobSpec, { jobId: row.id }, { jobId: row.id })
      } catch (error) {
        await finishCallPromptJob(db, row.id, {
          status: 'FAILURE',
          code: 'QUEUE_UNAVAILABLE',
          message: String(error),
        })
        throw error
      }
      return ok(await callPromptPayload(row, app.ctx.storage!))
    },
  )

  app.get(
    '/call-prompts',
    {
      schema: {
        tags: ['call-prompts'],
        summary: 'The caller’s call-prompt jobs (newest first) and call-prompt credits',
        security,
        querystring: z.object({ ...pagination(20, 100) }),
        response: {
          200: envelope(
            z.object({
              total: z.number().describe('Jobs in all'),
              balance: z.number().describe('The caller’s call-prompt credits'),
              items: z.array(jobWire).describe('This page of jobs'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const c = await caller(request)
      await ensureCallTrial(db, ledger, c.userId)
      const where = c.app ? eq(t.callPromptJobs.apiAppId, c.app.id) : eq(t.callPromptJobs.userId, c.userId)
      const rows = await db
        .select()
        .from(t.callPromptJobs)
        .where(where)
        .orderBy(desc(t.callPromptJobs.createdAt))
        .offset(request.query.offset)
        .limit(request.query.limit)
      const [total] = await db.select({ n: count() }).from(t.callPromptJobs).where(where)
      return ok({
        total: total?.n ?? 0,
        balance: await ledger.balance(c.userId, 'aicall'),
        items: await Promise.all(rows.map((r) => callPromptPayload(r, app.ctx.storage!))),
      })
    },
  )

  app.get(
    '/call-prompts/:id',
    {
      schema: {
        tags: ['call-prompts'],
        summary: 'One job: status, progress, rows done and failed, the ZIP link once it succeeded',
        security,
        params: idParams,
        response: { 200: envelope(jobWire) },
      },
    },
    async (request) => {
      const row = await find(await caller(request), request.params.id)
      return ok(await callPromptPayload(row, app.ctx.storage!))
    },
  )

  app.delete(
    '/call-prompts/:id',
    {
      schema: {
        tags: ['call-prompts'],
        summary: 'Cancel a running job (its credits are released; no ZIP is made)',
        security,
        params: idParams,
        response: { 200: envelope(jobWire) },
      },
    },
    async (request) => {
      const row = await find(await caller(request), request.params.id)
      const cancelled = await finishCallPromptJob(db, row.id, { status: 'CANCELLED' })
      if (cancelled) await app.ctx.queue?.cancel(row.id).catch(() => false)
      return ok(await callPromptPayload(cancelled ?? row, app.ctx.storage!))
    },
  )
}
