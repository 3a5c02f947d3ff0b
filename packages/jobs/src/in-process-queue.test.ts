import { afterAll, describe } from 'vitest'
import {
  createScratchPostgresDatabase,
  migrateAll,
  openDatabase,
  openTestDatabase,
  type Database,
} from '@loa/db'
import { createInProcessQueue } from './index.ts'
import { queueContract } from '../test/queue-contract.ts'

let pglite: Database | undefined

// The database outlives each queue so that a re-made queue sees the same rows; it is closed after the suite.
queueContract(
  'in-process (PGlite)',
  async () => {
    pglite ??= await openTestDatabase({ seed: false })
    return createInProcessQueue({ database: pglite, pollMs: 50, leaseMs: 5_000 })
  },
  async () => undefined,
)

const adminUrl = process.env.TEST_DATABASE_URL ?? ''
if (!adminUrl)
  console.warn('\n!!! SKIPPED: in-process queue on PostgreSQL — TEST_DATABASE_URL is not set !!!\n')

let postgres: Database | undefined
let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>> | undefined

describe.skipIf(!adminUrl)('in-process queue on PostgreSQL (TEST_DATABASE_URL)', () => {
  queueContract(
    'in-process (PostgreSQL)',
    async () => {
      if (!postgres) {
        scratch = await createScratchPostgresDatabase(adminUrl)
        postgres = await openDatabase({ url: scratch.url })
        await migrateAll(postgres)
      }
      return createInProcessQueue({ database: postgres, pollMs: 50, leaseMs: 5_000 })
    },
    async () => undefined,
  )
})

afterAll(async () => {
  await pglite?.close()
  await postgres?.close()
  await scratch?.drop()
})
