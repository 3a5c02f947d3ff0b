import { app as t, type Database } from '@loa/db'
import { and, eq, lt } from 'drizzle-orm'
import { signalRequest } from './signals.ts'

/** Progress is written at most this often per request (the row is the one place progress lives). */
const MIN_WRITE_INTERVAL_MS = 300

/**
 * A progress reporter for one running request: `report(ratio)` writes the percentage (0–99; SUCCESS writes
 * 100) to the request row when it moved forward and at most every 300 ms, then wakes the request's watchers.
 */
export const progressReporter = (database: Pick<Database, 'db'>, id: string, start = 0) => {
  let lastPercent = start
  let lastWrite = 0
  return (ratio: number): void => {
    const percent = Math.min(99, Math.floor(ratio * 100))
    const now = Date.now()
    if (percent <= lastPercent || now - lastWrite < MIN_WRITE_INTERVAL_MS) return
    lastPercent = percent
    lastWrite = now
    const r = t.synthesisRequests
    void database.db
      .update(r)
      .set({ progress: percent, updatedAt: new Date() })
      .where(and(eq(r.id, id), eq(r.status, 'IN_PROGRESS'), lt(r.progress, percent)))
      .then(() => signalRequest(database.db, id))
      .catch(() => undefined)
  }
}
