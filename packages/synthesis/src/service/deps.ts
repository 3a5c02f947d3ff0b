import type { Database } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import type { DictionaryEntry, Region } from '@loa/tts'

/** A credit reservation for a new request (the composer maps it onto the ledger; `source` picks the wallet). */
export interface ReserveRequest {
  userId: string
  source: 'STUDIO' | 'API' | 'STREAM'
  amount: number
  reason: string
  reference: string
}

/** What the synthesis service needs from its process. */
export interface SynthesisDeps {
  database: Pick<Database, 'db'>
  credits: { reserve: (request: ReserveRequest) => Promise<{ id: string }> }
  queue?: Queue
  storage?: Storage
  /** The user's pronunciation dictionary, snapshotted into each request (none: requests read without one). */
  dictionary?: { entriesFor: (userId: string, regions: readonly Region[]) => Promise<DictionaryEntry[]> }
}
