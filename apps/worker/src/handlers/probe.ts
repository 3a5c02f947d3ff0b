import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { queryRows, queue as queueTables } from '@loa/db'
import { defineJob, defineJobSpec } from '@loa/jobs'
import type { JobHandlerFactory } from '../types.ts'

/**
 * `system.probe`: an operator's end-to-end check that workers take and finish jobs. It works for `workMs`
 * (reporting progress, honouring cancellation), then records the outcome in `queue.probe_results` once per
 * job id — the idempotent pattern every handler follows: look up what was already done by the job id, do
 * the rest, record it in one statement.
 */
export const probeJobSpec = defineJobSpec({
  name: 'system.probe',
  version: 1,
  schema: z.object({ workMs: z.number().int().min(0).max(600_000).default(0) }),
  retries: 3,
  backoff: { type: 'exponential', delayMs: 500 },
})

export const workerIdentity = (): string => `${hostname()}:${process.pid}`

const { probeResults } = queueTables

export const probeHandlers: JobHandlerFactory = ({ database }) => [
  defineJob({
    ...probeJobSpec,
    handler: async ({ workMs }, ctx) => {
      const worker = workerIdentity()
      const [started] = await queryRows<{ completions: number; worker: string }>(
        database.db,
        sql`insert into queue.probe_results (job_id, worker, starts) values (${ctx.jobId}, ${worker}, 1)
            on conflict (job_id) do update set starts = ${probeResults.starts} + 1
            returning completions, worker`,
      )
      if (started && started.completions > 0) return { worker: started.worker, alreadyDone: true }
      const steps = Math.max(1, Math.ceil(workMs / 100))
      for (let i = 1; i <= steps; i++) {
        if (ctx.signal.aborted) throw new Error('probe cancelled')
        await sleep(workMs / steps)
        await ctx.progress({ percent: Math.round((i / steps) * 100), worker })
      }
      // Record the effect once: only the first finisher flips completions from 0 to 1.
      await database.db.execute(
        sql`update queue.probe_results set completions = completions + 1, worker = ${worker}, completed_at = now()
            where job_id = ${ctx.jobId} and completions = 0`,
      )
      return { worker, alreadyDone: false }
    },
  }),
]
