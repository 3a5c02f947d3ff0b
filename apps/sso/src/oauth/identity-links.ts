import { and, asc, eq } from 'drizzle-orm'
import type { SsoContext } from '../context.ts'
import { ssoIdentities, ssoUsers } from '../store/tables.ts'
import {
  EMAIL_PATTERN,
  findIdentity,
  findUserByEmail,
  linkIdentity,
  normalizeEmail,
  updateUser,
  type User,
} from '../store/users.ts'
import { NO_EMAIL_DOMAIN, type SocialProfile } from './social-account.ts'

/**
 * Stable codes of the signed-in linking flow (docs/errors.md). The profile page shows each in vi/en; they travel
 * back to it as `?error=<code>`.
 */
export const LINK_ERRORS = {
  /** The provider account is already the sign-in of another Loa account (never moved silently). */
  identityOfAnotherUser: 'IDENTITY_LINKED_TO_ANOTHER_ACCOUNT',
  /** This account already has a different account of that provider linked (one per provider). */
  providerAlreadyLinked: 'PROVIDER_ALREADY_LINKED',
  /** Unlinking would leave the account with no way to sign in (no password, no other provider). */
  lastSignInMethod: 'LAST_SIGN_IN_METHOD',
  /** The visitor cancelled at the provider, or the provider refused. */
  cancelled: 'LINK_CANCELLED',
  /** The provider's answer could not be used (code exchange or profile failed). */
  failed: 'LINK_FAILED',
  /** The return reached a browser whose SSO session is not the one that started the linking. */
  sessionChanged: 'LINK_SESSION_CHANGED',
} as const

export type LinkError = (typeof LINK_ERRORS)[keyof typeof LINK_ERRORS]

export const isLinkError = (code: string): code is LinkError =>
  (Object.values(LINK_ERRORS) as string[]).includes(code)

export type LinkedIdentity = typeof ssoIdentities.$inferSelect

export const listIdentities = (ctx: SsoContext, userId: string): Promise<LinkedIdentity[]> =>
  ctx.db
    .select()
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(asc(ssoIdentities.createdAt))

const isPlaceholderEmail = (email: string) => email.endsWith(`@${NO_EMAIL_DOMAIN}`)

/**
 * Attaches a provider identity to the signed-in user. Already theirs: nothing to do. Another user's: refused, the
 * identity stays where it is. A provider-asserted verified e-mail also verifies the account's own address when
 * they are equal, and replaces a no-e-mail placeholder (a Zalo account linking Google) unless another account
 * already uses that address.
 */
export const attachIdentity = async (
  ctx: SsoContext,
  user: User,
  profile: SocialProfile,
): Promise<{ ok: true } | { ok: false; code: LinkError }> => {
  const now = ctx.now()
  const owner = await findIdentity(ctx.db, profile.provider, profile.subject)
  if (owner && owner.userId !== user.id) return { ok: false, code: LINK_ERRORS.identityOfAnotherUser }
  if (!owner) {
    const mine = await listIdentities(ctx, user.id)
    if (mine.some((i) => i.provider === profile.provider))
      return { ok: false, code: LINK_ERRORS.providerAlreadyLinked }
    const shared = profile.email ? normalizeEmail(profile.email) : null
    const email = shared && EMAIL_PATTERN.test(shared) ? shared : null
    await linkIdentity(
      ctx.db,
      { provider: profile.provider, subject: profile.subject, userId: user.id, email },
      now,
    )
    // Two tabs linking the same provider account to two users: the primary key lets one win; re-read who did.
    const winner = await findIdentity(ctx.db, profile.provider, profile.subject)
    if (winner?.userId !== user.id) return { ok: false, code: LINK_ERRORS.identityOfAnotherUser }
    if (email && profile.emailVerified) await adoptVerifiedEmail(ctx, user, email, now)
  }
  return { ok: true }
}

const adoptVerifiedEmail = async (ctx: SsoContext, user: User, email: string, now: Date) => {
  if (email === user.email) {
    if (!user.emailVerified) await updateUser(ctx.db, user.id, { emailVerified: true }, now)
    return
  }
  if (!isPlaceholderEmail(user.email) || (await findUserByEmail(ctx.db, email))) return
  // The unique e-mail index settles a race with a sign-up of that address: the loser keeps its placeholder.
  await ctx.db
    .update(ssoUsers)
    .set({ email, emailVerified: true, updatedAt: now })
    .where(eq(ssoUsers.id, user.id))
    .catch(() => undefined)
}

/**
 * Removes one of the user's identities, unless it is their last way in: an account keeps a password or at least
 * one other provider identity.
 */
export const detachIdentity = async (
  ctx: SsoContext,
  userId: string,
  target: { provider: string; subject: string },
): Promise<{ ok: true; removed: boolean } | { ok: false; code: LinkError }> => {
  // The user's row is locked so two unlinks at once cannot each see "another method remains" and remove both.
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(ssoUsers).where(eq(ssoUsers.id, userId)).for('update')
    const mine = await tx.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId))
    const found = mine.some((i) => i.provider === target.provider && i.subject === target.subject)
    if (!user || !found) return { ok: true, removed: false } as const
    if (!user.passwordHash && mine.length < 2)
      return { ok: false, code: LINK_ERRORS.lastSignInMethod } as const
    await tx
      .delete(ssoIdentities)
      .where(
        and(
          eq(ssoIdentities.userId, userId),
          eq(ssoIdentities.provider, target.provider),
          eq(ssoIdentities.subject, target.subject),
        ),
      )
    return { ok: true, removed: true } as const
  })
}
