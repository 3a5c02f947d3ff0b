import { afterAll } from 'vitest'
import { openTestDatabase, type Database } from '@loa/db'
import { createInProcessQueue } from './index.ts'
import { queueContract } from '../test/queue-contract.ts'

let database: Database | undefined

// The database outlives each queue so that a re-made queue sees the same rows; it is closed after the suite.
queueContract(
  'in-process (PGlite)',
  async () => {
    database ??= await openTestDatabase({ seed: false })
    return createInProcessQueue({ database, pollMs: 50, leaseMs: 5_000 })
  },
  async () => undefined,
)

afterAll(async () => {
  await database?.close()
})
