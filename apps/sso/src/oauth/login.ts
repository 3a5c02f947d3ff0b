import type { SsoContext } from '../context.ts'
import { dummyHash, verifyPassword } from '../lib/passwords.ts'
import { clearFailures, isLocked, recordFailure } from '../store/throttle.ts'
import { EMAIL_PATTERN, findUserByEmail, normalizeEmail, type User } from '../store/users.ts'

/**
 * Password login with no account enumeration: unknown email, wrong password, locked and disabled accounts all
 * take the same path (an Argon2id verification against the account's hash or a dummy hash) and fail alike.
 * Failures are counted per account key (the lower-cased email), whether or not the account exists.
 */
export const authenticate = async (
  ctx: SsoContext,
  rawEmail: string,
  password: string,
): Promise<User | undefined> => {
  const email = normalizeEmail(rawEmail).slice(0, 320)
  const key = `account:${email}`
  const now = ctx.now()
  const locked = await isLocked(ctx.db, key, now)
  const user = EMAIL_PATTERN.test(email) ? await findUserByEmail(ctx.db, email) : undefined
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password)
  const ok = Boolean(user && user.passwordHash && passwordOk && !locked && !user.disabled)
  if (ok) {
    await clearFailures(ctx.db, key)
    return user
  }
  if (!locked) await recordFailure(ctx.db, key, now, ctx.throttle)
  return undefined
}
