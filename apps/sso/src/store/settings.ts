import { eq } from 'drizzle-orm'
import { type Db } from '@loa/db'
import { ssoSettings } from './tables.ts'
import { randomToken } from '../lib/crypto.ts'

export const getSetting = async (db: Db, key: string): Promise<string | undefined> => {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.key, key)).limit(1)
  return row?.value
}

export const setSetting = async (db: Db, key: string, value: string): Promise<void> => {
  await db
    .insert(ssoSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: ssoSettings.key, set: { value } })
}

/** A random secret generated once and kept in the database (shared by every replica). */
export const ensureSecretSetting = async (db: Db, key: string): Promise<string> => {
  await db
    .insert(ssoSettings)
    .values({ key, value: randomToken(32) })
    .onConflictDoNothing()
  const value = await getSetting(db, key)
  if (!value) throw new Error(`setting ${key} missing`)
  return value
}

/** Realm-wide revocation: access/ID/refresh tokens issued before this epoch second are rejected. */
export const TOKENS_NOT_BEFORE = 'tokens_not_before'
