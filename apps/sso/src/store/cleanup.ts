import { and, isNotNull, lt, or } from 'drizzle-orm'
import type { Db } from '@loa/db'
import {
  ssoAuthCodes,
  ssoEmailTokens,
  ssoGrants,
  ssoLoginFailures,
  ssoRefreshTokens,
  ssoSessions,
  ssoSocialTransactions,
} from './tables.ts'

const DAY = 24 * 3600 * 1000

/**
 * Deletes what can no longer matter: expired social transactions, codes and email tokens a day after expiry (so a
 * late replay is still recognised meanwhile), refresh tokens and grants past their absolute end, sessions a day after
 * they ended, failure counters older than the 12 h window. Safe to run on every replica.
 */
export const deleteExpired = async (db: Db, now: Date): Promise<void> => {
  const dayAgo = new Date(now.getTime() - DAY)
  await db.delete(ssoSocialTransactions).where(lt(ssoSocialTransactions.expiresAt, now))
  await db.delete(ssoAuthCodes).where(lt(ssoAuthCodes.expiresAt, dayAgo))
  await db.delete(ssoEmailTokens).where(lt(ssoEmailTokens.expiresAt, dayAgo))
  await db.delete(ssoRefreshTokens).where(lt(ssoRefreshTokens.expiresAt, now))
  await db.delete(ssoGrants).where(lt(ssoGrants.expiresAt, now))
  await db
    .delete(ssoSessions)
    .where(
      or(
        lt(ssoSessions.expiresAt, dayAgo),
        and(isNotNull(ssoSessions.revokedAt), lt(ssoSessions.revokedAt, dayAgo)),
      ),
    )
  await db
    .delete(ssoLoginFailures)
    .where(lt(ssoLoginFailures.lastFailureAt, new Date(now.getTime() - DAY / 2)))
}
