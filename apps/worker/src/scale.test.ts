import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createScratchPostgresDatabase,
  migrateAll,
  openDatabase,
  queue as queueTables,
  type Database,
} from '@loa/db'
import {
  createBullmqQueue,
  createInProcessQueue,
  deleteBullmqKeys,
  type JobInfo,
  type Queue,
} from '@loa/jobs'
import { probeJobSpec } from './index.ts'

const loa = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'bin',
  'loa',
  'loa.mjs',
)
const databaseUrl = process.env.TEST_DATABASE_URL ?? ''
const redisUrl = process.env.TEST_REDIS_URL ?? ''
if (!databaseUrl)
  console.warn(
    '\n!!! SKIPPED: scale-mode worker suites — TEST_DATABASE_URL is not set (.ci/run sets it) !!!\n',
  )
else if (!redisUrl)
  console.warn('\n!!! SKIPPED: two loa workers on BullMQ — TEST_REDIS_URL is not set (.ci/run sets it) !!!\n')

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
})

interface Worker {
  child: ChildProcess
  identity: string
  exited: Promise<number | null>
}

const startWorker = async (env: NodeJS.ProcessEnv): Promise<Worker> => {
  const child = spawn(process.execPath, [loa, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  })
  const deadline = Date.now() + 90_000
  while (!out.includes('worker ready')) {
    if (child.exitCode !== null) throw new Error(`worker exited early:\n${out}`)
    if (Date.now() > deadline) throw new Error(`worker not ready:\n${out}`)
    await sleep(100)
  }
  return { child, identity: `${hostname()}:${child.pid}`, exited }
}

const waitFor = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

/**
 * Two `loa worker` processes share one queue; the one running the probe job is SIGKILLed mid-job; the other
 * must finish it, and the job's effect must be applied exactly once (checked in PostgreSQL).
 */
const killedWorkerScenario = async (
  makeQueue: (database: Database) => Queue,
  workerEnv: (databaseUrl: string) => NodeJS.ProcessEnv,
) => {
  const scratch = await createScratchPostgresDatabase(databaseUrl)
  cleanups.push(() => scratch.drop())
  const database = await openDatabase({ url: scratch.url })
  cleanups.push(() => database.close())
  await migrateAll(database)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-workers-'))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const env = {
    ...process.env,
    ...workerEnv(scratch.url),
    DATA_DIR: dataDir,
    WORKER_PORT: '0',
    WORKER_CONCURRENCY: '1',
    JOB_LEASE_MS: '2000',
    LOG_LEVEL: 'warn',
  }
  const workers = await Promise.all([startWorker(env), startWorker(env)])

  const queue = makeQueue(database)
  cleanups.push(() => queue.close())
  queue.register([probeJobSpec])
  await queue.enqueue(probeJobSpec, { workMs: 5_000 }, { jobId: 'probe-killed-worker' })

  const first = await waitFor('a worker to report progress', async () => {
    const job = await queue.getJob('probe-killed-worker')
    const progress = job?.progress as { worker?: string } | null | undefined
    return progress?.worker
  })
  const victim = workers.find((w) => w.identity === first)!
  const survivor = workers.find((w) => w !== victim)!
  expect(victim, `progress came from ${first}`).toBeDefined()
  victim.child.kill('SIGKILL')
  await victim.exited

  const done = await waitFor<JobInfo>('the job to finish', async () => {
    const job = await queue.getJob('probe-killed-worker')
    return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined
  })
  expect(done.state).toBe('completed')
  expect(done.result).toEqual({ worker: survivor.identity, alreadyDone: false })
  const [row] = await database.db
    .select()
    .from(queueTables.probeResults)
    .where(eq(queueTables.probeResults.jobId, 'probe-killed-worker'))
  expect(row).toMatchObject({ worker: survivor.identity, starts: 2, completions: 1 })

  survivor.child.kill('SIGTERM')
  expect(await survivor.exited).toBe(0)
}

describe.skipIf(!databaseUrl || !redisUrl)('scale mode: two loa workers on one BullMQ queue', () => {
  it('finishes a SIGKILLed worker’s job on the other worker, exactly once', async () => {
    const prefix = `loa-scale-${Date.now().toString(36)}`
    cleanups.push(async () => void (await deleteBullmqKeys(redisUrl, prefix)))
    await killedWorkerScenario(
      () => createBullmqQueue({ redisUrl, prefix }),
      (url) => ({ DATABASE_URL: url, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix }),
    )
  }, 240_000)
})

describe.skipIf(!databaseUrl)('scale mode: two loa workers on the PostgreSQL job table (no Redis)', () => {
  it('finishes a SIGKILLed worker’s job on the other worker once its lease expires, exactly once', async () => {
    await killedWorkerScenario(
      (database) => createInProcessQueue({ database }),
      (url) => ({ DATABASE_URL: url, REDIS_URL: '' }),
    )
  }, 240_000)
})
