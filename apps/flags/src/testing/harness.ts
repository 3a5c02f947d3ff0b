import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { migrateAll, openDatabase, SEEDS, type Database } from '@loa/db'
import { listen, type Env } from '@loa/service-kit'
import { buildFlagsApp } from '../app.ts'
import { ADMIN_KEY_HEADER } from '../auth.ts'
import { loadFlagsConfig } from '../config.ts'

/** Test harness: the real service on a cloned, migrated + seeded PGlite database, listening on 127.0.0.1:0. */
export const TEST_ADMIN_KEY = 'test-operator-key-0123456789abcdef'

/**
 * A migrated database holding only this service's seed (flags, client keys): built once per test process,
 * cloned per server. Independent of the other services' (slower) seeds.
 */
let template: Promise<Blob> | undefined
export const openFlagsTestDatabase = async (): Promise<Database> => {
  template ??= (async () => {
    const database = await openDatabase()
    await migrateAll(database)
    const seed = SEEDS.find((s) => s.name === 'flags')
    if (!seed) throw new Error('flags seed is not registered in SEEDS')
    await seed.run({ db: database.db })
    const dump = await database.pglite!.dumpDataDir('none')
    await database.close()
    return dump
  })()
  return openDatabase({ loadDataDir: await template })
}

export interface RunningFlags {
  app: FastifyInstance
  database: Database
  url: string
  dataDir: string
  admin: <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>
  close: () => Promise<void>
}

export const startFlags = async (
  env: Env = {},
  options: { database?: Database; ownsDatabase?: boolean } = {},
): Promise<RunningFlags> => {
  const database = options.database ?? (await openFlagsTestDatabase())
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-flags-'))
  const config = loadFlagsConfig({
    FLAGS_ADMIN_KEY: TEST_ADMIN_KEY,
    DATA_DIR: dataDir,
    FLAGS_POLL_MS: '100',
    SSO_PUBLIC_URL: 'http://127.0.0.1:9',
    ...env,
  })
  const app = buildFlagsApp({ config, database })
  const url = await listen(app, { port: 0, host: '127.0.0.1' })
  const admin = async <T>(method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}/api/admin${p}`, {
      method,
      headers: {
        [ADMIN_KEY_HEADER]: TEST_ADMIN_KEY,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    return { status: res.status, body: (await res.json()) as T }
  }
  const ownsDatabase = options.ownsDatabase ?? !options.database
  return {
    app,
    database,
    url,
    dataDir,
    admin,
    close: async () => {
      await app.close()
      if (ownsDatabase) await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Polls `check` until it returns true (bounded); for timed behaviour without fixed sleeps. */
export const waitFor = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  stepMs = 20,
): Promise<number> => {
  const start = Date.now()
  for (;;) {
    if (await check()) return Date.now() - start
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, stepMs))
  }
}
