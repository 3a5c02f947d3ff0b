/**
 * Child process for the restart test: opens the PGlite data directory given as argv[2], enqueues the job
 * `argv[3]` and starts running it; the handler reports progress and then waits, so the parent can SIGKILL
 * this process mid-job (a crash, not a graceful stop).
 */
import { migrateAll, openDatabase } from '@loa/db'
import { createInProcessQueue } from '../src/index.ts'
import { slowJobSpec } from './slow-job.ts'

const [dataDir, jobId] = process.argv.slice(2)
const database = await openDatabase({ dataDir })
await migrateAll(database)
const queue = createInProcessQueue({ database, pollMs: 50 })
queue.onEvent((event) => {
  if (event.type === 'progress') process.stdout.write(`PROGRESS ${event.jobId}\n`)
})
await queue.start(
  [
    {
      ...slowJobSpec,
      handler: async (_payload, ctx) => {
        await ctx.progress(10)
        await new Promise(() => undefined) // never finishes: the parent kills us here
      },
    },
  ],
  { concurrency: 1 },
)
await queue.enqueue(slowJobSpec, { steps: 3 }, { jobId })
