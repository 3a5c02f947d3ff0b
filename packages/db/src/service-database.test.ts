import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirBusyError } from './data-dir-lock.ts'
import { appliedMigrations, createScratchPostgresDatabase } from './index.ts'
import { openServiceDatabase } from './service-database.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-service-db-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('openServiceDatabase (embedded PGlite)', () => {
  it('claims the data directory, migrates, seeds; a second process is refused until the first closes', async () => {
    const seeded: string[] = []
    const first = await openServiceDatabase({
      dataDir,
      holder: 'sso server (test)',
      seed: async (database) => {
        seeded.push(database.kind)
      },
    })
    try {
      expect(seeded).toEqual(['pglite'])
      expect(await appliedMigrations(first.database, 'sso')).toBeGreaterThan(0)
      // The lock file names this process; another opener (a process of its own in real life) is refused.
      const pidFile = path.join(dataDir, 'loa.pid')
      const info = JSON.parse(readFileSync(pidFile, 'utf8')) as { command: string }
      expect(info.command).toBe('sso server (test)')
      // Pretend the holder is another live process (our parent), as a second `server.ts` would see it.
      writeFileSync(pidFile, JSON.stringify({ ...info, pid: process.ppid }))
      const refused = await openServiceDatabase({ dataDir, holder: 'flags server (test)' }).catch((e) => e)
      expect(refused).toBeInstanceOf(DataDirBusyError)
      expect((refused as Error).message).toContain("'sso server (test)'")
      writeFileSync(pidFile, JSON.stringify(info))
    } finally {
      await first.close()
    }
    // Closed and released: the next opener gets it, and a failing seed releases it again.
    const failing = await openServiceDatabase({
      dataDir,
      holder: 'api server (test)',
      seed: async () => {
        throw new Error('seed failed')
      },
    }).catch((e: Error) => e)
    expect((failing as Error).message).toBe('seed failed')
    const again = await openServiceDatabase({ dataDir, holder: 'loa migrate' })
    await again.close()
  }, 120_000)
})

const adminUrl = process.env.TEST_DATABASE_URL ?? ''
describe.skipIf(!adminUrl)('openServiceDatabase on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('replicas starting together seed one after another, under the seed advisory lock', async () => {
    const scratch = await createScratchPostgresDatabase(adminUrl)
    const log: string[] = []
    const seed = (name: string) => async () => {
      log.push(`${name} start`)
      await new Promise((resolve) => setTimeout(resolve, 300))
      log.push(`${name} end`)
    }
    try {
      const opened = await Promise.all(
        ['a', 'b'].map((name) =>
          openServiceDatabase({ databaseUrl: scratch.url, dataDir, holder: name, seed: seed(name) }),
        ),
      )
      await Promise.all(opened.map((o) => o.close()))
      // Never interleaved: each seeder ends before the other starts.
      const [x, y] = [log[0]!.split(' ')[0], log[2]!.split(' ')[0]]
      expect(log).toEqual([`${x} start`, `${x} end`, `${y} start`, `${y} end`])
    } finally {
      await scratch.drop()
    }
  }, 120_000)
})
