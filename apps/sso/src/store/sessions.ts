import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { type Db } from '@loa/db'
import { ssoGrants, ssoSessions } from './tables.ts'
import { newId, randomToken, sha256 } from '../lib/crypto.ts'

export type Session = typeof ssoSessions.$inferSelect

export interface SessionLifetimes {
  idleSeconds: number
  maxSeconds: number
}

/** Creates a session; returns the row and the cookie token (only its hash is stored). */
export const createSession = async (
  db: Db,
  userId: string,
  now: Date,
  lifetimes: SessionLifetimes,
  meta: { userAgent?: string; ip?: string },
): Promise<{ session: Session; token: string }> => {
  const token = randomToken(32)
  const [session] = await db
    .insert(ssoSessions)
    .values({
      id: newId(),
      tokenHash: sha256(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimes.maxSeconds * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .returning()
  return { session: session!, token }
}

export const isSessionLive = (session: Session, now: Date, lifetimes: SessionLifetimes): boolean =>
  session.revokedAt === null &&
  session.expiresAt.getTime() > now.getTime() &&
  session.lastSeenAt.getTime() + lifetimes.idleSeconds * 1000 > now.getTime()

export const findSessionById = async (db: Db, id: string): Promise<Session | undefined> => {
  const [row] = await db.select().from(ssoSessions).where(eq(ssoSessions.id, id)).limit(1)
  return row
}

/** The live session behind a cookie token, touched (idle timer restarts); undefined otherwise. */
export const resolveSessionCookie = async (
  db: Db,
  token: string | undefined,
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<Session | undefined> => {
  if (!token || token.length > 100) return undefined
  const [row] = await db
    .select()
    .from(ssoSessions)
    .where(eq(ssoSessions.tokenHash, sha256(token)))
    .limit(1)
  if (!row || !isSessionLive(row, now, lifetimes)) return undefined
  await touchSession(db, row.id, now)
  return row
}

export const touchSession = async (db: Db, id: string, now: Date): Promise<void> => {
  await db.update(ssoSessions).set({ lastSeenAt: now }).where(eq(ssoSessions.id, id))
}

/** Ends a session and every grant (refresh-token family) issued under it. */
export const revokeSession = async (db: Db, id: string, now: Date, reason: string): Promise<void> => {
  await db
    .update(ssoSessions)
    .set({ revokedAt: now })
    .where(and(eq(ssoSessions.id, id), isNull(ssoSessions.revokedAt)))
  await db
    .update(ssoGrants)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(ssoGrants.sessionId, id), isNull(ssoGrants.revokedAt)))
}

export const revokeUserSessions = async (
  db: Db,
  userId: string,
  now: Date,
  reason: string,
  exceptSessionId?: string,
): Promise<void> => {
  const sessions = await db
    .select({ id: ssoSessions.id })
    .from(ssoSessions)
    .where(and(eq(ssoSessions.userId, userId), isNull(ssoSessions.revokedAt)))
  for (const s of sessions) if (s.id !== exceptSessionId) await revokeSession(db, s.id, now, reason)
}

export const listLiveSessions = async (db: Db, userId: string, now: Date, lifetimes: SessionLifetimes) =>
  (
    await db
      .select()
      .from(ssoSessions)
      .where(
        and(eq(ssoSessions.userId, userId), isNull(ssoSessions.revokedAt), gt(ssoSessions.expiresAt, now)),
      )
      .orderBy(desc(ssoSessions.lastSeenAt))
  ).filter((s) => isSessionLive(s, now, lifetimes))
