import { and, eq, isNull } from 'drizzle-orm'
import { type Db } from '@loa/db'
import { ssoAuthCodes, ssoGrants, ssoRefreshTokens } from './tables.ts'
import { newId, randomToken, sha256 } from '../lib/crypto.ts'

export type AuthCode = typeof ssoAuthCodes.$inferSelect
export type Grant = typeof ssoGrants.$inferSelect

export interface NewCode {
  clientId: string
  redirectUri: string
  codeChallenge: string
  userId: string
  sessionId: string
  nonce: string | null
  scope: string
  authTime: Date
}

/** Stores a new authorization code (hash only) and returns the code. */
export const createAuthCode = async (
  db: Db,
  code: NewCode,
  now: Date,
  ttlSeconds: number,
): Promise<string> => {
  const value = randomToken(32)
  await db.insert(ssoAuthCodes).values({
    ...code,
    codeHash: sha256(value),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  })
  return value
}

export type ConsumeResult =
  { kind: 'ok'; code: AuthCode } | { kind: 'unknown' } | { kind: 'replayed'; code: AuthCode }

/** Atomically marks a code used. A second use reports `replayed` (the caller revokes what the first produced). */
export const consumeAuthCode = async (db: Db, value: string, now: Date): Promise<ConsumeResult> => {
  const hash = sha256(value)
  const [consumed] = await db
    .update(ssoAuthCodes)
    .set({ consumedAt: now })
    .where(and(eq(ssoAuthCodes.codeHash, hash), isNull(ssoAuthCodes.consumedAt)))
    .returning()
  if (consumed) return { kind: 'ok', code: consumed }
  const [existing] = await db.select().from(ssoAuthCodes).where(eq(ssoAuthCodes.codeHash, hash)).limit(1)
  return existing ? { kind: 'replayed', code: existing } : { kind: 'unknown' }
}

export const createGrant = async (
  db: Db,
  grant: Pick<Grant, 'clientId' | 'userId' | 'sessionId' | 'codeHash' | 'scope' | 'expiresAt'>,
  now: Date,
): Promise<Grant> => {
  const [row] = await db
    .insert(ssoGrants)
    .values({ ...grant, id: newId(), createdAt: now })
    .returning()
  return row!
}

export const findGrant = async (db: Db, id: string): Promise<Grant | undefined> => {
  const [row] = await db.select().from(ssoGrants).where(eq(ssoGrants.id, id)).limit(1)
  return row
}

export const revokeGrant = async (db: Db, id: string, now: Date, reason: string): Promise<void> => {
  await db
    .update(ssoGrants)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(ssoGrants.id, id), isNull(ssoGrants.revokedAt)))
}

/**
 * A replayed code: mark it, then revoke every grant it produced. The winner of a concurrent redemption re-checks the
 * mark after creating its grant (`revokeIfReplayed`), so whichever order the two run in, the grant ends revoked.
 */
export const revokeGrantsOfCode = async (db: Db, codeHash: string, now: Date): Promise<void> => {
  await db
    .update(ssoAuthCodes)
    .set({ replayedAt: now })
    .where(and(eq(ssoAuthCodes.codeHash, codeHash), isNull(ssoAuthCodes.replayedAt)))
  await db
    .update(ssoGrants)
    .set({ revokedAt: now, revokedReason: 'code_replayed' })
    .where(and(eq(ssoGrants.codeHash, codeHash), isNull(ssoGrants.revokedAt)))
}

/** A new refresh token id (the `jti` of the refresh JWT) in the grant's family. Never outlives the grant. */
export const createRefreshToken = async (db: Db, grant: Grant, now: Date): Promise<string> => {
  const jti = randomToken(32)
  await db
    .insert(ssoRefreshTokens)
    .values({ jti, grantId: grant.id, createdAt: now, expiresAt: grant.expiresAt })
  return jti
}

export const findRefreshToken = async (db: Db, jti: string) => {
  const [row] = await db.select().from(ssoRefreshTokens).where(eq(ssoRefreshTokens.jti, jti)).limit(1)
  return row
}

/** Atomically consumes a refresh token; false when it was already consumed (reuse). */
export const consumeRefreshToken = async (db: Db, jti: string, now: Date): Promise<boolean> =>
  (
    await db
      .update(ssoRefreshTokens)
      .set({ consumedAt: now })
      .where(and(eq(ssoRefreshTokens.jti, jti), isNull(ssoRefreshTokens.consumedAt)))
      .returning({ jti: ssoRefreshTokens.jti })
  ).length > 0

/** After issuing from a code: if the code has meanwhile been replayed, revoke the new grant (see above). */
export const revokeIfReplayed = async (
  db: Db,
  codeHash: string,
  grantId: string,
  now: Date,
): Promise<void> => {
  const [row] = await db
    .select({ replayedAt: ssoAuthCodes.replayedAt })
    .from(ssoAuthCodes)
    .where(eq(ssoAuthCodes.codeHash, codeHash))
    .limit(1)
  if (row?.replayedAt) await revokeGrant(db, grantId, now, 'code_replayed')
}
