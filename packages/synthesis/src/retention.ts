/**
 * Audio retention of developer API requests: a request made with an app token is stamped `retain_until`
 * (creation + API_AUDIO_RETENTION_DAYS) and, once that has passed, a scheduled sweep deletes its files and
 * stamps `audio_deleted_at`. The request row stays, so a poll can say the audio is gone (410
 * TTS_AUDIO_EXPIRED on the old shape and the file links, `audioDeleted: true` on `/v1`).
 */
import { app as t, type Database } from '@loa/db'
import type { Storage } from '@loa/storage'
import { and, asc, eq, isNull, lte, ne } from 'drizzle-orm'
import { audioWasDeleted, type RetainedRow } from './audio-expired.ts'
import { requestFileKeys } from './service/files.ts'

const DAY_MS = 86_400_000

/** Requests one sweep looks at, at most (the next run takes the rest). */
export const RETENTION_SWEEP_BATCH = 200

/** When the audio of an API request created at `now` may be deleted. */
export const retainUntilFrom = (now: Date, days: number): Date => new Date(now.getTime() + days * DAY_MS)

const REQUEST_FILE = /^synthesis\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i

/**
 * The request whose deleted files a storage key named (`synthesis/<id>/…`), for the signed-file route to
 * answer 410 instead of 404; undefined for any other key, or when the request's files were not swept.
 */
export const sweptRequestOf = async (
  database: Pick<Database, 'db'>,
  key: string,
): Promise<RetainedRow | undefined> => {
  const id = REQUEST_FILE.exec(key)?.[1]
  if (!id) return undefined
  const r = t.synthesisRequests
  const [row] = await database.db
    .select({ id: r.id, status: r.status, audioDeletedAt: r.audioDeletedAt, retainUntil: r.retainUntil })
    .from(r)
    .where(eq(r.id, id.toLowerCase()))
  return row && audioWasDeleted(row) ? row : undefined
}

export interface RetentionSweepResult {
  /** Requests whose files were deleted in this run. */
  deleted: number
  /** Requests whose files storage would not delete (left for the next run). */
  failed: string[]
  /** True when the batch was full: more requests may be due (the next run takes them). */
  more: boolean
}

/**
 * One pass of the retention sweep: at most `limit` finished requests past `retain_until` whose files are
 * still there, oldest first. For each, every file it may have (audio in any format, timeline, subtitles) is
 * deleted, then `audio_deleted_at` is stamped — in that order, so a crash in between only means the next run
 * deletes (nothing) again and stamps. Idempotent; several processes may run it at once.
 */
export const sweepExpiredAudio = async (
  deps: { database: Pick<Database, 'db'>; storage: Storage },
  options: { now?: Date; limit?: number } = {},
): Promise<RetentionSweepResult> => {
  const now = options.now ?? new Date()
  const limit = options.limit ?? RETENTION_SWEEP_BATCH
  const r = t.synthesisRequests
  const due = await deps.database.db
    .select({ id: r.id, audioKey: r.audioKey, timelineKey: r.timelineKey })
    .from(r)
    .where(and(lte(r.retainUntil, now), isNull(r.audioDeletedAt), ne(r.status, 'IN_PROGRESS')))
    .orderBy(asc(r.retainUntil))
    .limit(limit)
  let deleted = 0
  const failed: string[] = []
  for (const row of due) {
    try {
      await Promise.all(requestFileKeys(row).map((key) => deps.storage.delete(key)))
    } catch {
      // Storage refused: this request stays unstamped and is tried again next run.
      failed.push(row.id)
      continue
    }
    const stamped = await deps.database.db
      .update(r)
      .set({ audioDeletedAt: now, updatedAt: now })
      .where(and(eq(r.id, row.id), isNull(r.audioDeletedAt)))
      .returning({ id: r.id })
    deleted += stamped.length
  }
  return { deleted, failed, more: due.length === limit }
}
