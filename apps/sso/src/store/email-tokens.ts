import { and, eq, isNull } from 'drizzle-orm'
import { type Db } from '@loa/db'
import { ssoEmailTokens } from './tables.ts'
import { randomToken, sha256 } from '../lib/crypto.ts'

export type EmailPurpose = 'verify' | 'reset'

export const createEmailToken = async (
  db: Db,
  userId: string,
  purpose: EmailPurpose,
  now: Date,
  ttlSeconds: number,
): Promise<string> => {
  const token = randomToken(32)
  await db.insert(ssoEmailTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  })
  return token
}

/** A valid (unused, unexpired) token's user id, without consuming it. */
export const peekEmailToken = async (db: Db, token: string, purpose: EmailPurpose, now: Date) => {
  if (!token || token.length > 100) return undefined
  const [row] = await db
    .select()
    .from(ssoEmailTokens)
    .where(eq(ssoEmailTokens.tokenHash, sha256(token)))
    .limit(1)
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt.getTime() <= now.getTime())
    return undefined
  return row.userId
}

/** Consumes a token atomically: single use. */
export const consumeEmailToken = async (db: Db, token: string, purpose: EmailPurpose, now: Date) => {
  if (!token || token.length > 100) return undefined
  const [row] = await db
    .update(ssoEmailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoEmailTokens.tokenHash, sha256(token)),
        eq(ssoEmailTokens.purpose, purpose),
        isNull(ssoEmailTokens.usedAt),
      ),
    )
    .returning()
  if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined
  return row.userId
}
