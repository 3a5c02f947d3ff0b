import { and, eq } from 'drizzle-orm'
import { type Db } from '@loa/db'
import { ssoIdentities, ssoUserRoles, ssoUsers } from './tables.ts'
import { newId } from '../lib/crypto.ts'

export type User = typeof ssoUsers.$inferSelect

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,253}\.[^\s@<>()[\]\\,;:"]{2,63}$/

export const findUserByEmail = async (db: Db, email: string): Promise<User | undefined> => {
  const [row] = await db
    .select()
    .from(ssoUsers)
    .where(eq(ssoUsers.email, normalizeEmail(email)))
    .limit(1)
  return row
}

export const findUserById = async (db: Db, id: string): Promise<User | undefined> => {
  const [row] = await db.select().from(ssoUsers).where(eq(ssoUsers.id, id)).limit(1)
  return row
}

export interface NewUser {
  email: string
  name: string
  passwordHash: string | null
  emailVerified: boolean
  avatarUrl?: string | null
  affiliateCode?: string | null
}

/** Inserts a user; returns undefined when the email is taken (race-safe through the unique index). */
export const createUser = async (db: Db, user: NewUser, now: Date): Promise<User | undefined> => {
  const [row] = await db
    .insert(ssoUsers)
    .values({
      id: newId(),
      email: normalizeEmail(user.email),
      name: user.name,
      passwordHash: user.passwordHash,
      emailVerified: user.emailVerified,
      avatarUrl: user.avatarUrl ?? null,
      affiliateCode: user.affiliateCode ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning()
  return row
}

export const updateUser = async (
  db: Db,
  id: string,
  patch: Partial<
    Pick<User, 'name' | 'avatarUrl' | 'passwordHash' | 'emailVerified' | 'deletionRequestedAt' | 'disabled'>
  >,
  now: Date,
): Promise<void> => {
  await db
    .update(ssoUsers)
    .set({ ...patch, updatedAt: now })
    .where(eq(ssoUsers.id, id))
}

export const findIdentity = async (db: Db, provider: string, subject: string) => {
  const [row] = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)))
    .limit(1)
  return row
}

export const linkIdentity = async (
  db: Db,
  identity: { provider: string; subject: string; userId: string; email: string | null },
  now: Date,
): Promise<void> => {
  await db
    .insert(ssoIdentities)
    .values({ ...identity, createdAt: now })
    .onConflictDoNothing()
}

/** `{resource: {roles: [...]}}` as in Keycloak's `resource_access`. */
export const userResourceAccess = async (
  db: Db,
  userId: string,
): Promise<Record<string, { roles: string[] }>> => {
  const rows = await db.select().from(ssoUserRoles).where(eq(ssoUserRoles.userId, userId))
  const access: Record<string, { roles: string[] }> = {}
  for (const row of rows) (access[row.resource] ??= { roles: [] }).roles.push(row.role)
  for (const entry of Object.values(access)) entry.roles.sort()
  return access
}

export const grantRole = async (db: Db, userId: string, resource: string, role: string): Promise<boolean> =>
  (
    await db
      .insert(ssoUserRoles)
      .values({ userId, resource, role, createdAt: new Date() })
      .onConflictDoNothing()
      .returning({ role: ssoUserRoles.role })
  ).length > 0

export const revokeRole = async (db: Db, userId: string, resource: string, role: string): Promise<boolean> =>
  (
    await db
      .delete(ssoUserRoles)
      .where(
        and(
          eq(ssoUserRoles.userId, userId),
          eq(ssoUserRoles.resource, resource),
          eq(ssoUserRoles.role, role),
        ),
      )
      .returning({ role: ssoUserRoles.role })
  ).length > 0
