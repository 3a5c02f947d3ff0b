import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsoContext } from '../context.ts'
import { checkCsrf } from '../http/cookies.ts'
import { seeOther } from '../http/render.ts'
import { LINK_ERRORS, attachIdentity, detachIdentity, listIdentities } from '../oauth/identity-links.ts'
import type { SignInMethodsProps } from '../pages/sign-in-methods.tsx'
import type { SocialProvider } from '../social/providers.ts'
import type { User } from '../store/users.ts'
import { backToProfile, profileContext, str } from './profile-context.ts'
import { beginSocialTransaction } from './social-transaction.ts'

/** Marks a social transaction as "link to the signed-in account" rather than a sign-in for a client. */
export const LINK_PURPOSE = 'link'

/** The profile's sign-in methods: the configured providers (and any still-linked unconfigured one). */
export const signInMethods = async (
  ctx: SsoContext,
  user: User,
): Promise<Omit<SignInMethodsProps, 'lang' | 'hidden'>> => {
  const identities = await listIdentities(ctx, user.id)
  const providers: { id: string; label: string; configured: boolean }[] = ctx.config.social.map((p) => ({
    id: p.id,
    label: p.label,
    configured: true,
  }))
  for (const i of identities)
    if (!providers.some((p) => p.id === i.provider))
      providers.push({ id: i.provider, label: i.provider, configured: false })
  return {
    hasPassword: Boolean(user.passwordHash),
    providers: providers.map((p) => ({
      ...p,
      identities: identities
        .filter((i) => i.provider === p.id)
        .map((i) => ({ subject: i.subject, email: i.email })),
    })),
  }
}

/**
 * `POST /profile/link` and `POST /profile/unlink` (CSRF + a live session). Linking runs the provider's own flow
 * (state, PKCE, nonce) through the same callback as sign-in; its transaction remembers the session that started
 * it, and the callback attaches the identity only in that same session (`finishIdentityLink`).
 */
export const registerIdentityLinkRoutes = (
  app: FastifyInstance,
  ctx: SsoContext,
  providers: Map<string, SocialProvider>,
  callbackUrl: (providerId: string) => string,
) => {
  const limited = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } }
  const signedIn = async (request: FastifyRequest) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const c = await profileContext(ctx, request, body)
    const csrf = checkCsrf(request, ctx.config, ctx.cookieSecret, body.csrf)
    return { body, c, csrf }
  }

  app.post('/profile/link', limited, async (request, reply) => {
    const { body, c, csrf } = await signedIn(request)
    if (!csrf) return backToProfile(reply, c.query, { error: 'csrf' })
    if (!c.user || !c.session) return backToProfile(reply, c.query, {})
    const providerId = str(body.provider)
    const provider = providers.get(providerId)
    if (!provider) return backToProfile(reply, c.query, { error: LINK_ERRORS.failed })
    const fields: Record<string, string> = {
      purpose: LINK_PURPOSE,
      user_id: c.user.id,
      session_id: c.session.id,
      lang: c.lang,
    }
    if (c.client) fields.client_id = c.client.id
    const txn = await beginSocialTransaction(ctx, reply, providerId, fields)
    const url = await provider.authorizationUrl({ redirectUri: callbackUrl(providerId), ...txn })
    return seeOther(reply, url.href)
  })

  app.post('/profile/unlink', limited, async (request, reply) => {
    const { body, c, csrf } = await signedIn(request)
    if (!csrf) return backToProfile(reply, c.query, { error: 'csrf' })
    if (!c.user || !c.session) return backToProfile(reply, c.query, {})
    const outcome = await detachIdentity(ctx, c.user.id, {
      provider: str(body.provider),
      subject: str(body.subject),
    })
    if (!outcome.ok) return backToProfile(reply, c.query, { error: outcome.code })
    return backToProfile(reply, c.query, outcome.removed ? { notice: 'unlinked' } : {})
  })
}

/**
 * The provider's return for a linking transaction (state already checked by the callback): only in the session
 * that started it, and only for its user; then the identity is attached or refused with a stable code.
 */
export const finishIdentityLink = async (
  ctx: SsoContext,
  request: FastifyRequest,
  reply: FastifyReply,
  args: {
    request: Record<string, string>
    query: Record<string, unknown>
    complete: () => ReturnType<SocialProvider['complete']>
  },
) => {
  const c = await profileContext(ctx, request, {
    client_id: args.request.client_id,
    lang: args.request.lang,
  })
  const back = c.query
  const { session, user } = c
  if (
    !session ||
    !user ||
    user.disabled ||
    session.id !== args.request.session_id ||
    user.id !== args.request.user_id
  )
    return backToProfile(reply, back, { error: LINK_ERRORS.sessionChanged })
  if (typeof args.query.error === 'string' || typeof args.query.error_code === 'string')
    return backToProfile(reply, back, { error: LINK_ERRORS.cancelled })
  let profile
  try {
    profile = await args.complete()
  } catch (error) {
    request.log.warn({ err: error }, 'linking a social account failed')
    return backToProfile(reply, back, { error: LINK_ERRORS.failed })
  }
  const outcome = await attachIdentity(ctx, user, profile)
  return backToProfile(reply, back, outcome.ok ? { notice: 'linked' } : { error: outcome.code })
}
