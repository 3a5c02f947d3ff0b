import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ssoSocialTransactions } from '../store/tables.ts'
import type { SsoContext } from '../context.ts'
import { constantEquals } from '../lib/crypto.ts'
import { clearCookie, cookieNames, readCookie } from '../http/cookies.ts'
import { seeOther } from '../http/render.ts'
import { validateAuthorizationRequest, requestAsFields } from '../oauth/authorize-request.ts'
import { redirectWithCode, redirectWithError, startSession } from '../oauth/complete.ts'
import { resolveSocialAccount } from '../oauth/social-account.ts'
import { pickLang } from '../pages/i18n.ts'
import { createSocialProvider, type SocialProvider } from '../social/providers.ts'
import { finishIdentityLink, LINK_PURPOSE, registerIdentityLinkRoutes } from './identity-links.ts'
import { beginSocialTransaction } from './social-transaction.ts'
import { showAuthorizeError, showProviderNotConfigured, validOrAnswer } from './authorize.tsx'

/** Error code of `GET /api/v1/auth/{provider}` for a provider this SSO has no credentials for. */
export const SOCIAL_PROVIDER_NOT_CONFIGURED = 'SOCIAL_PROVIDER_NOT_CONFIGURED'

const wantsHtml = (request: { headers: { accept?: string } }) =>
  /text\/html/.test(request.headers.accept ?? '')

/**
 * `GET /api/v1/auth/{provider}` (spec parameters, camelCase or snake_case): validates the downstream request like
 * /authorize, keeps it server-side in a transaction bound to this browser by an HttpOnly cookie, and sends the
 * browser to the provider with state + PKCE (+ nonce). The fixed callback checks state against the transaction,
 * exchanges the code, finds or creates the account, and answers the client with a code.
 */
export const registerSocialRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  const providers = new Map<string, SocialProvider>(
    ctx.config.social.map((p) => [p.id, createSocialProvider(p)]),
  )
  const callbackUrl = (id: string) => `${ctx.config.issuer}/api/v1/auth/${id}/callback`
  registerIdentityLinkRoutes(app, ctx, providers, callbackUrl)
  const notFound = {
    status: 0,
    error: 'invalid_request',
    error_description: 'unknown provider',
    error_code: SOCIAL_PROVIDER_NOT_CONFIGURED,
    error_message: 'This sign-in provider is not configured',
  }

  app.get('/api/v1/auth/:provider', async (request, reply) => {
    const { provider: id } = request.params as { provider: string }
    const provider = providers.get(id)
    const query = request.query as Record<string, unknown>
    // A browser following a sign-in button gets a page with the code; other callers the JSON error.
    if (!provider)
      return wantsHtml(request)
        ? showProviderNotConfigured(reply, pickLang(query, request.headers['accept-language']))
        : reply.status(404).send(notFound)
    const authRequest = await validOrAnswer(ctx, request, reply, query)
    if (!authRequest) return reply
    const lang = pickLang(query, request.headers['accept-language'], authRequest.redirectUri)
    const affiliate =
      typeof query.affiliateCode === 'string' && /^[\w-]{1,64}$/.test(query.affiliateCode)
        ? query.affiliateCode
        : ''
    const fields: Record<string, string> = {}
    for (const [k, v] of Object.entries(requestAsFields(authRequest, lang)))
      if (v !== undefined) fields[k] = v
    if (affiliate) fields.affiliate_code = affiliate
    const txn = await beginSocialTransaction(ctx, reply, id, fields)
    const url = await provider.authorizationUrl({ redirectUri: callbackUrl(id), ...txn })
    return seeOther(reply, url.href)
  })

  app.get('/api/v1/auth/:provider/callback', async (request, reply) => {
    const { provider: id } = request.params as { provider: string }
    const provider = providers.get(id)
    if (!provider) return reply.status(404).send(notFound)
    const query = request.query as Record<string, unknown>
    const lang = pickLang(query, request.headers['accept-language'])
    const cookieName = cookieNames(ctx.config).social
    const txnId = readCookie(request, cookieName)
    clearCookie(reply, ctx.config, cookieName)
    const [txn] = txnId
      ? await ctx.db.delete(ssoSocialTransactions).where(eq(ssoSocialTransactions.id, txnId)).returning()
      : []
    const state = typeof query.state === 'string' ? query.state : ''
    if (
      !txn ||
      txn.provider !== id ||
      !constantEquals(txn.state, state) ||
      txn.expiresAt.getTime() <= ctx.now().getTime()
    )
      return showAuthorizeError(reply, lang, 'bad_request')
    const complete = () =>
      provider.complete({
        currentUrl: new URL(request.url, ctx.config.issuer),
        redirectUri: callbackUrl(id),
        state: txn.state,
        nonce: txn.nonce,
        codeVerifier: txn.codeVerifier,
      })
    // Linking from the signed-in profile: no client is waiting, the identity joins the session's account.
    if (txn.request.purpose === LINK_PURPOSE)
      return finishIdentityLink(ctx, request, reply, { request: txn.request, query, complete })
    // The downstream request was validated before; validate again (the client may have changed since).
    const outcome = await validateAuthorizationRequest(ctx.db, txn.request)
    if (outcome.kind === 'show-error') return showAuthorizeError(reply, lang, outcome.reason)
    if (outcome.kind === 'redirect-error')
      return redirectWithError(
        ctx,
        reply,
        outcome.redirectUri,
        outcome.error,
        outcome.description,
        outcome.state,
      )
    const req = outcome.request
    // A refusal: `error` (OAuth 2.0, Google, Facebook's `error=access_denied&error_reason=user_denied`) or
    // Zalo's `error_code`.
    if (typeof query.error === 'string' || typeof query.error_code === 'string')
      return redirectWithError(
        ctx,
        reply,
        req.redirectUri,
        'access_denied',
        'the provider refused the sign-in',
        req.state,
      )
    let profile
    try {
      profile = await complete()
    } catch (error) {
      request.log.warn({ err: error, provider: id }, 'social login failed')
      return redirectWithError(
        ctx,
        reply,
        req.redirectUri,
        'access_denied',
        'the provider sign-in failed',
        req.state,
      )
    }
    const result = await resolveSocialAccount(ctx, profile, { affiliateCode: txn.request.affiliate_code })
    if (!result.ok)
      return redirectWithError(ctx, reply, req.redirectUri, result.error, result.description, req.state)
    const session = await startSession(ctx, request, reply, result.user.id)
    return redirectWithCode(ctx, reply, { request: req, userId: result.user.id, session })
  })
}
