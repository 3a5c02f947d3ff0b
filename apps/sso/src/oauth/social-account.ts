import { createHash } from 'node:crypto'
import type { SsoContext } from '../context.ts'
import {
  createUser,
  findIdentity,
  findUserByEmail,
  findUserById,
  linkIdentity,
  normalizeEmail,
  EMAIL_PATTERN,
  updateUser,
  type User,
} from '../store/users.ts'

export interface SocialProfile {
  provider: string
  subject: string
  email?: string
  emailVerified: boolean
  name?: string
  picture?: string
}

export type SocialAccountResult = { ok: true; user: User } | { ok: false; error: string; description: string }

/**
 * Finds or creates the local account for an upstream identity. The provider's stable `sub` is the key; an email
 * links to an existing local account only when the provider asserts it verified — never otherwise (no takeover).
 */
export const resolveSocialAccount = async (
  ctx: SsoContext,
  profile: SocialProfile,
  extra: { affiliateCode?: string } = {},
): Promise<SocialAccountResult> => {
  const now = ctx.now()
  const identity = await findIdentity(ctx.db, profile.provider, profile.subject)
  if (identity) {
    const user = await findUserById(ctx.db, identity.userId)
    if (user && !user.disabled) return { ok: true, user }
    return { ok: false, error: 'access_denied', description: 'account unavailable' }
  }
  const shared = profile.email ? normalizeEmail(profile.email) : undefined
  if (shared && !EMAIL_PATTERN.test(shared))
    return { ok: false, error: 'access_denied', description: 'the provider shared an invalid email address' }
  // No e-mail shared (Zalo never shares one; Facebook accounts opened with a phone number): the upstream identity
  // is an account of its own, under an address that can never be delivered to nor match a real one.
  const email = shared ?? noEmailAddress(profile)
  const existing = shared ? await findUserByEmail(ctx.db, email) : undefined
  if (existing) {
    if (!profile.emailVerified || existing.disabled)
      return {
        ok: false,
        error: 'user_already_exists',
        description: 'an account with this email already exists',
      }
    await linkIdentity(
      ctx.db,
      { provider: profile.provider, subject: profile.subject, userId: existing.id, email },
      now,
    )
    if (!existing.emailVerified) await updateUser(ctx.db, existing.id, { emailVerified: true }, now)
    return { ok: true, user: (await findUserById(ctx.db, existing.id))! }
  }
  const picture =
    profile.picture && /^https:\/\/[^\s"'<>]{1,2000}$/.test(profile.picture) ? profile.picture : null
  const created = await createUser(
    ctx.db,
    {
      email,
      name: (profile.name ?? '').slice(0, 100),
      passwordHash: null,
      emailVerified: Boolean(shared) && profile.emailVerified,
      avatarUrl: picture,
      affiliateCode: extra.affiliateCode ?? null,
    },
    now,
  )
  if (!created)
    return {
      ok: false,
      error: 'user_already_exists',
      description: 'an account with this email already exists',
    }
  await linkIdentity(
    ctx.db,
    { provider: profile.provider, subject: profile.subject, userId: created.id, email: shared ?? null },
    now,
  )
  return { ok: true, user: created }
}

/** `zalo-<hash of the subject>@no-email.invalid`: RFC 2606 reserves `.invalid`, so no mail can reach it. */
export const noEmailAddress = (profile: Pick<SocialProfile, 'provider' | 'subject'>) =>
  `${profile.provider}-${createHash('sha256').update(profile.subject).digest('hex').slice(0, 24)}@${NO_EMAIL_DOMAIN}`

export const NO_EMAIL_DOMAIN = 'no-email.invalid'
