import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, eq, sql } from 'drizzle-orm'
import { ApiErrorCode } from '../errors.ts'

/** Usage days are calendar days in Vietnam (UTC+7). */
export const USAGE_TIME_ZONE = 'Asia/Ho_Chi_Minh'
/** The longest range one usage call answers, in days. */
export const MAX_USAGE_DAYS = 90
export const DEFAULT_USAGE_DAYS = 30

const DAY_MS = 86_400_000

const invalid = (message: string) => new AppError(ApiErrorCode.USAGE_RANGE_INVALID, message, 400)

/** A calendar date YYYY-MM-DD → days since 1970-01-01 (no time zone involved); throws for impossible dates. */
const dayNumber = (date: string, field: string): number => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date)
    throw invalid(`${field} must be a calendar date YYYY-MM-DD (got "${date}")`)
  return ms / DAY_MS
}

const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** Today's calendar date in the usage time zone. */
export const usageToday = (now: Date): string => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: USAGE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

export interface UsageRange {
  from: string
  to: string
  /** Every date from `from` to `to`, oldest first. */
  dates: string[]
}

/**
 * The days a usage query covers: `from`..`to` (inclusive), or the `days` days ending `to`; `to` defaults to
 * today (in USAGE_TIME_ZONE) and `days` to 30. `days` together with `from` is ambiguous and refused.
 */
export const usageRange = (
  query: { from?: string; to?: string; days?: string },
  now: Date = new Date(),
): UsageRange => {
  if (query.days !== undefined && query.from !== undefined)
    throw invalid('Give either days or from (with an optional to), not both')
  const to = dayNumber(query.to ?? usageToday(now), 'to')
  let from: number
  if (query.from !== undefined) {
    from = dayNumber(query.from, 'from')
    if (from > to) throw invalid(`from (${query.from}) is after to (${dateOf(to)})`)
  } else {
    const days = query.days ?? String(DEFAULT_USAGE_DAYS)
    if (!/^\d{1,6}$/.test(days) || Number(days) < 1)
      throw invalid(`days must be a whole number from 1 to ${MAX_USAGE_DAYS} (got "${days}")`)
    from = to - Number(days) + 1
  }
  const count = to - from + 1
  if (count > MAX_USAGE_DAYS)
    throw new AppError(
      ApiErrorCode.USAGE_RANGE_TOO_LONG,
      `At most ${MAX_USAGE_DAYS} days per call (asked for ${count})`,
      400,
      { details: { max_days: MAX_USAGE_DAYS, days: count } },
    )
  return {
    from: dateOf(from),
    to: dateOf(to),
    dates: Array.from({ length: count }, (_, i) => dateOf(from + i)),
  }
}

export interface UsageDay {
  date: string
  requests: number
  characters: number
  chargedCharacters: number
}

/**
 * Requests of one API app per day of `range` (zero-filled): how many were made, their billable characters,
 * and the credits charged for them (successful requests; repeated sentences are not charged twice). Every
 * request counts, whatever its status and even if later deleted from the history, like the app's counters.
 * The range is turned into instants by the database (index on api_app_id, created_at).
 */
export const appUsage = async (db: Db, appId: string, range: UsageRange): Promise<UsageDay[]> => {
  const r = t.synthesisRequests
  // A constant (never user input): a literal, so the select and GROUP BY expressions are the same.
  const zone = sql.raw(`'${USAGE_TIME_ZONE}'`)
  const rows = await db
    .select({
      date: sql<string>`to_char(${r.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`,
      requests: sql`count(*)`.mapWith(Number),
      characters: sql`coalesce(sum(${r.characters}), 0)`.mapWith(Number),
      chargedCharacters: sql`coalesce(sum(${r.chargedCharacters}), 0)`.mapWith(Number),
    })
    .from(r)
    .where(
      and(
        eq(r.apiAppId, appId),
        sql`${r.createdAt} >= (${range.from}::date::timestamp at time zone ${zone})`,
        sql`${r.createdAt} < ((${range.to}::date + 1)::timestamp at time zone ${zone})`,
      ),
    )
    .groupBy(sql`1`)
  const found = new Map(rows.map((row) => [row.date, row]))
  return range.dates.map((date) => {
    const row = found.get(date)
    return {
      date,
      requests: row?.requests ?? 0,
      characters: row?.characters ?? 0,
      chargedCharacters: row?.chargedCharacters ?? 0,
    }
  })
}
