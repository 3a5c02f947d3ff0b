import { app as t } from '@loa/db'
import type { Database } from '@loa/db'
import { defineJob, type AnyJobDefinition, type JobLogger, type Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import { sentenceCacheFor } from '@loa/synthesis'
import { isTtsError } from '@loa/tts'
import { eq } from 'drizzle-orm'
import { isDubbingError, UnresolvedLinesError } from '../errors.ts'
import type { RenderInput } from './projects.ts'
import { dubbingCallbackJob } from './callback.ts'
import { finishRender, writeProgress, type RenderRow } from './renders.ts'
import { runRender } from './run.ts'
import { dubbingCallbackJobId, dubbingCallbackJobSpec, dubbingRenderJobSpec } from './spec.ts'

export interface DubbingJobDeps {
  database: Database
  storage: Storage
  queue: Queue
  logger?: JobLogger
  /** Host names callbacks may reach although they resolve to non-public addresses (CALLBACK_ALLOW_HOSTS). */
  callbackAllowHosts?: readonly string[]
}

/** Errors of the input itself: retrying cannot help. */
const PERMANENT = new Set(['TTS_EMPTY_TEXT', 'TTS_TEXT_TOO_LONG', 'TTS_UNKNOWN_VOICE', 'TTS_INVALID_OPTION'])

/** Each line keeps its last fit (the editor's indicator). */
const keepFits = async (
  db: Database['db'],
  input: RenderInput,
  lines: readonly { index: number }[],
): Promise<void> => {
  const byIndex = new Map(input.lines.map((l) => [l.index, l.id]))
  for (const line of lines) {
    const id = byIndex.get(line.index)
    if (id) await db.update(t.dubbingLines).set({ fit: line }).where(eq(t.dubbingLines.id, id))
  }
}

const enqueueCallback = async (queue: Queue, row: RenderRow | undefined): Promise<void> => {
  if (row?.source !== 'API' || !row.callbackUrl) return
  await queue.enqueue(dubbingCallbackJobSpec, { renderId: row.id }, { jobId: dubbingCallbackJobId(row.id) })
}

/**
 * `dubbing.render`: renders one render row (job id = render id), writes its files, records each line's fit
 * and settles the `aidubbing` reservation exactly once (charge on success, release on failure or cancel).
 * A render already final is left as it is; a cancelled one stops at the next line (the job's signal).
 */
export const dubbingJobs = ({
  database,
  storage,
  queue,
  logger,
  callbackAllowHosts,
}: DubbingJobDeps): AnyJobDefinition[] => [
  dubbingCallbackJob({ database, storage }, { allowHosts: callbackAllowHosts ?? [] }),
  defineJob({
    ...dubbingRenderJobSpec,
    handler: async ({ renderId }, ctx) => {
      const { db } = database
      const read = async () =>
        (await db.select().from(t.dubbingRenders).where(eq(t.dubbingRenders.id, renderId)))[0]
      const row = await read()
      if (!row) return { renderId, outcome: 'missing' }
      if (row.status !== 'IN_PROGRESS') return { renderId, outcome: row.status }
      let last = 0
      let result: Awaited<ReturnType<typeof runRender>>
      try {
        result = await runRender({
          storage,
          projectId: row.projectId,
          renderId,
          input: row.input as RenderInput,
          cache: sentenceCacheFor(storage),
          signal: ctx.signal,
          onProgress: (ratio) => {
            const percent = Math.floor(ratio * 100)
            if (percent > last) {
              last = percent
              void writeProgress(db, renderId, percent).catch(() => undefined)
            }
          },
        })
      } catch (error) {
        const now = await read()
        if (now && now.status !== 'IN_PROGRESS') return { renderId, outcome: now.status }
        // Held: the editor shows each line's fit, the unresolved ones first; nothing is charged.
        if (error instanceof UnresolvedLinesError)
          await keepFits(db, row.input as RenderInput, error.report.lines)
        const code = isDubbingError(error) || isTtsError(error) ? error.code : 'DUBBING_RENDER_FAILED'
        const message = error instanceof Error ? error.message : String(error)
        if (isDubbingError(error) || PERMANENT.has(code) || ctx.attempt >= ctx.maxAttempts) {
          logger?.warn({ renderId, code, err: message }, 'dubbing render failed')
          await enqueueCallback(queue, await finishRender(db, renderId, { status: 'FAILURE', code, message }))
          return { renderId, outcome: 'FAILURE' }
        }
        throw error
      }
      const input = row.input as RenderInput
      const final = await finishRender(db, renderId, {
        status: 'SUCCESS',
        files: { ...result.files },
        summary: result.report.summary,
        durationMs: result.durationMs,
      })
      if (!final) return { renderId, outcome: (await read())?.status ?? 'missing' }
      await keepFits(db, input, result.report.lines)
      await enqueueCallback(queue, final)
      return { renderId, outcome: 'SUCCESS', characters: final.characters }
    },
  }),
]
