import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '@loa/db'
import { createInProcessQueue } from './index.ts'
import { slowJobSpec } from '../test/slow-job.ts'
import { waitForState } from '../test/queue-contract.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const dirs: string[] = []

const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('in-process queue across a crash', () => {
  it('resumes a job interrupted by a killed process when the next process starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-jobs-restart-'))
    dirs.push(dataDir)
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, '..', 'test', 'interrupted-runner.ts'), dataDir, 'resume-me'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    children.push(child)
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('child never reported progress')), 120_000)
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('PROGRESS resume-me')) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)))
    })
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))

    const database = await openDatabase({ dataDir })
    try {
      const queue = createInProcessQueue({ database, pollMs: 50 })
      const before = await queue.getJob('resume-me')
      expect(before).toMatchObject({ state: 'active', attempts: 1, progress: 10 })
      let steps = 0
      await queue.start(
        [
          {
            ...slowJobSpec,
            handler: async ({ steps: n }: { steps: number }, ctx) => {
              for (let i = 1; i <= n; i++) {
                steps++
                await ctx.progress(Math.round((i / n) * 100))
              }
              return { steps: n, attempt: ctx.attempt }
            },
          },
        ],
        { concurrency: 1 },
      )
      const done = await waitForState(queue, 'resume-me', ['completed', 'failed'])
      // The interrupted attempt does not count against the job: it was the process that stopped.
      expect(done).toMatchObject({ state: 'completed', result: { steps: 3, attempt: 1 }, progress: 100 })
      expect(steps).toBe(3)
      await queue.close()
    } finally {
      await database.close()
    }
  }, 180_000)
})
