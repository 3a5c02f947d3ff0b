import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '@loa/db'

const loa = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'loa.mjs')
const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-serve-'))
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  API_PORT: '0',
  SSO_PORT: '0',
  FLAGS_PORT: '0',
  LOG_LEVEL: 'warn',
}

const children = new Set<ChildProcess>()
afterAll(() => {
  // A failed assertion must not leave a server running.
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** Starts `loa serve all`, resolves with the printed service URLs once it is ready. */
const start = async (): Promise<{
  child: ChildProcess
  urls: Record<string, string>
  output: () => string
}> => {
  const child = spawn(process.execPath, [loa, 'serve', 'all'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let out = ''
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${out}`)), 120_000)
    const check = () => {
      if (/Loa is running[\s\S]*jobs/.test(out)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)))
  })
  const urls: Record<string, string> = {}
  for (const match of out.matchAll(/^\s+(api|sso|flags)\s+(http:\/\/\S+)$/gm)) urls[match[1]!] = match[2]!
  return { child, urls, output: () => out }
}

const stop = async (child: ChildProcess): Promise<number | null> => {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGINT')
  return exited
}

const rowCounts = async (): Promise<Record<string, number>> => {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  try {
    const tables = await queryRows<{ s: string; t: string }>(
      database.db,
      sql`select table_schema as s, table_name as t from information_schema.tables
          where table_schema in ('app', 'sso', 'flags', 'queue') order by 1, 2`,
    )
    const counts: Record<string, number> = {}
    for (const { s, t } of tables) {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql.raw(`select count(*)::int as n from "${s}"."${t}"`),
      )
      counts[`${s}.${t}`] = row!.n
    }
    return counts
  } finally {
    await database.close()
  }
}

describe('loa serve all (embedded)', () => {
  it('serves every service with health checks, refuses a second opener, stops cleanly and restarts without re-seeding', async () => {
    const first = await start()
    expect(Object.keys(first.urls).sort(), first.output()).toEqual(['api', 'flags', 'sso'])
    for (const [name, url] of Object.entries(first.urls)) {
      const health = await fetch(`${url}/healthz`)
      expect(health.status).toBe(200)
      expect(health.headers.get('x-request-id')).toBeTruthy()
      const ready = await fetch(`${url}/readyz`)
      expect(ready.status, name).toBe(200)
      expect(await ready.json()).toMatchObject({ status: 'ready' })
    }
    const migrate = spawnSync(process.execPath, [loa, 'migrate'], { env, encoding: 'utf8' })
    expect(migrate.status).toBe(1)
    expect(migrate.stderr).toContain('in use by process')
    expect(await stop(first.child)).toBe(0)

    const seeded = await rowCounts()
    expect(seeded['flags.features']).toBe(12)
    expect(Object.values(seeded).reduce((a, b) => a + b, 0)).toBeGreaterThan(20)

    const second = await start()
    expect((await fetch(`${second.urls.api}/healthz`)).status).toBe(200)
    expect(await stop(second.child)).toBe(0)
    expect(await rowCounts()).toEqual(seeded)
  }, 300_000)
})
