import { randomBytes } from 'node:crypto'
import { PRODUCT_OF_ORDER_TYPE, type OrderType } from '@loa/contracts'
import { app as t, DEFAULT_PACKAGE_CODE, SIGNUP_PACKAGE_CODES, type Db } from '@loa/db'
import type { Ledger } from '@loa/ledger'
import { eq, inArray } from 'drizzle-orm'
import type { AuthUser } from '../plugins/token-verifier.ts'
import { createTtlCache } from '../lib/ttl-cache.ts'

export type UserRow = typeof t.users.$inferSelect

const AFFILIATE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const newAffiliateCode = (): string =>
  'LOA' + [...randomBytes(6)].map((b) => AFFILIATE_ALPHABET[b % AFFILIATE_ALPHABET.length]).join('')

const addDays = (from: Date, days: number): Date | null =>
  days < 0 ? null : new Date(from.getTime() + days * 86_400_000)

/**
 * When a free package given at sign-up ends — one answer for the profile's package and its wallet (issue 28: the
 * studio showed the free plan's 30-day cycle as an expiry while the wallet, and so `/admin`, never lapsed). Trials (no
 * billing cycle, a duration) lapse; the free studio allowance does not.
 */
const starterExpiresAt = (pkg: { cycle: string | null; durationDays: number }, now: Date): Date | null =>
  !pkg.cycle && pkg.durationDays > 0 ? addDays(now, pkg.durationDays) : null

/**
 * Profiles are created from the token on the first signed-in call: the default package, its credits
 * (one ledger grant, idempotent) and the user's own affiliate code. Name/email/avatar follow the token.
 */
export const createUsersService = (db: Db, ledger: Ledger, options: { cacheMs?: number } = {}) => {
  /**
   * Profile rows and balances of signed-in readers (`ensure(auth, { cached: true })`, `balances(id)`), reused for
   * `cacheMs` at most: a GET's answer may be that old. Writes never read through it (they load the row), and
   * `forget(id)` / `forgetAll()` drop entries at once (the API calls them after every write, see account-cache.ts).
   */
  const cache = createTtlCache(options.cacheMs ?? 0, 10_000)
  const find = async (id: string): Promise<UserRow | undefined> => {
    const [row] = await db.select().from(t.users).where(eq(t.users.id, id))
    return row
  }

  const create = async (auth: AuthUser): Promise<void> => {
    const starters = await db
      .select()
      .from(t.packages)
      .where(inArray(t.packages.code, [...SIGNUP_PACKAGE_CODES]))
    const pkg = starters.find((p) => p.code === DEFAULT_PACKAGE_CODE)
    const now = new Date()
    for (let attempt = 0; attempt < 5; attempt++) {
      const affiliateCode = newAffiliateCode()
      const taken = await db
        .select({ code: t.affiliateMarketers.code })
        .from(t.affiliateMarketers)
        .where(eq(t.affiliateMarketers.code, affiliateCode))
      if (taken.length) continue
      const inserted = await db
        .insert(t.users)
        .values({
          id: auth.sub,
          email: auth.email ?? null,
          name: auth.name ?? null,
          avatar: auth.picture ?? null,
          affiliateCode,
          packageCode: pkg?.code ?? null,
          packageExpiresAt: pkg ? starterExpiresAt(pkg, now) : null,
          lastSeenAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: t.users.id })
      if (!inserted.length) {
        // Another request created the profile first, or the affiliate code collided.
        if (await find(auth.sub)) return
        continue
      }
      await db
        .insert(t.affiliateMarketers)
        .values({ code: affiliateCode, ownerUserId: auth.sub, name: auth.name ?? '' })
        .onConflictDoNothing()
      for (const starter of starters) {
        if (starter.credits <= 0) continue
        await ledger.grant({
          userId: auth.sub,
          product: PRODUCT_OF_ORDER_TYPE[starter.type as OrderType],
          amount: starter.credits,
          reason: 'signup package',
          reference: `package:${starter.code}`,
          idempotencyKey:
            starter.code === DEFAULT_PACKAGE_CODE
              ? `signup:${auth.sub}`
              : `signup:${auth.sub}:${starter.code}`,
          expiresAt: starterExpiresAt(starter, now),
          packageCode: starter.code,
        })
      }
      return
    }
    throw new Error('could not allocate an affiliate code')
  }

  const findOrCreate = async (auth: AuthUser): Promise<UserRow> => {
    const user = await find(auth.sub)
    if (user) return user
    await create(auth)
    return (await find(auth.sub))!
  }

  /**
   * The caller's profile, created on first use; token fields that changed are copied over. `cached`: a row at most
   * `cacheMs` old will do (reads); otherwise it is read now (writes decide on it).
   */
  const ensure = async (auth: AuthUser, { cached = false } = {}): Promise<UserRow> => {
    let user = cached
      ? await cache.get(`profile:${auth.sub}`, () => findOrCreate(auth))
      : await findOrCreate(auth)
    const changes: Partial<UserRow> = {}
    if (auth.email && auth.email !== user.email) changes.email = auth.email
    if (auth.name && auth.name !== user.name) changes.name = auth.name
    if (auth.picture && auth.picture !== user.avatar) changes.avatar = auth.picture
    if (Object.keys(changes).length) {
      const [updated] = await db
        .update(t.users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(t.users.id, auth.sub))
        .returning()
      user = updated!
      forget(auth.sub)
    }
    return user
  }

  /** Every wallet's balance, at most `cacheMs` old. */
  const balances = (userId: string) => cache.get(`wallets:${userId}`, () => ledger.balances(userId))

  const forget = (userId: string): void => {
    cache.delete(`profile:${userId}`)
    cache.delete(`wallets:${userId}`)
  }

  return { find, ensure, balances, forget, forgetAll: cache.clear }
}

export type UsersService = ReturnType<typeof createUsersService>
