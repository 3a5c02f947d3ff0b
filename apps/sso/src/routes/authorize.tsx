import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { USER_ALREADY_EXISTS } from '@loa/contracts'
import type { SsoContext } from '../context.ts'
import {
  requestAsFields,
  requestAsQuery,
  validateAuthorizationRequest,
  type AuthorizationRequest,
} from '../oauth/authorize-request.ts'
import { redirectWithCode, redirectWithError, startSession } from '../oauth/complete.ts'
import { authenticate } from '../oauth/login.ts'
import { checkCsrf, cookieNames, csrfTokenFor, readCookie } from '../http/cookies.ts'
import { sendPage } from '../http/render.ts'
import { checkPasswordShape, hashPassword } from '../lib/passwords.ts'
import { AuthorizePage } from '../pages/authorize-page.tsx'
import { MessagePage } from '../pages/message-page.tsx'
import { pickLang, t, type Lang } from '../pages/i18n.ts'
import { resolveSessionCookie } from '../store/sessions.ts'
import { createUser, EMAIL_PATTERN, findUserByEmail } from '../store/users.ts'
import { sendVerificationEmail } from '../oauth/email-flows.ts'

export const showAuthorizeError = (
  reply: FastifyReply,
  lang: Lang,
  reason: 'unknown_client' | 'bad_redirect_uri' | 'bad_request',
) => {
  const m = t(lang)
  const message =
    reason === 'unknown_client'
      ? m.unknownClient
      : reason === 'bad_redirect_uri'
        ? m.badRedirect
        : m.badRequest
  return sendPage(reply, 400, (nonce) => (
    <MessagePage lang={lang} nonce={nonce} title={m.errorTitle} message={message} kind="error" />
  ))
}

/** `GET /api/v1/auth/{provider}` for a provider without credentials: a 404 page naming the error code. */
export const showProviderNotConfigured = (reply: FastifyReply, lang: Lang) => {
  const m = t(lang)
  void reply.header('x-error-code', 'SOCIAL_PROVIDER_NOT_CONFIGURED')
  return sendPage(reply, 404, (nonce) => (
    <MessagePage
      lang={lang}
      nonce={nonce}
      title={m.errorTitle}
      message={m.providerNotConfigured}
      kind="error"
    >
      <p className="error-code" data-error-code="SOCIAL_PROVIDER_NOT_CONFIGURED">
        {m.errorCode}: SOCIAL_PROVIDER_NOT_CONFIGURED
      </p>
    </MessagePage>
  ))
}

const renderForm = (
  ctx: SsoContext,
  request: FastifyRequest,
  reply: FastifyReply,
  args: {
    req: AuthorizationRequest
    lang: Lang
    status: number
    error?: string
    info?: string
    email?: string
    name?: string
  },
) => {
  const { req, lang } = args
  const csrf = csrfTokenFor(request, reply, ctx.config, ctx.cookieSecret)
  const other = req.action === 'signup' ? 'login' : 'signup'
  const social = ctx.config.social.map((p) => ({
    id: p.id,
    label: p.label,
    href: `/api/v1/auth/${p.id}?${requestAsQuery(req, lang)}`,
  }))
  return sendPage(reply, args.status, (nonce) => (
    <AuthorizePage
      lang={lang}
      nonce={nonce}
      mode={req.action}
      action="/authorize"
      csrf={csrf}
      hidden={requestAsFields(req, lang)}
      email={args.email ?? req.username}
      name={args.name}
      error={args.error}
      info={args.info}
      social={social}
      switchHref={`/authorize?${requestAsQuery(req, lang, { action: other })}`}
      forgotHref={`/forgot-password?${requestAsQuery(req, lang)}`}
      legal={{
        terms: `${ctx.config.webUrl}${lang === 'en' ? '/en' : ''}/terms`,
        privacy: `${ctx.config.webUrl}${lang === 'en' ? '/en' : ''}/privacy`,
      }}
    />
  ))
}

/**
 * Validates the authorization parameters (query or form) the way every entry point must: an unknown client or
 * redirect URI gets an error page (never a redirect), other errors go back to the client. Answers the request
 * itself and returns undefined on failure; the valid request otherwise.
 */
export const validOrAnswer = async (
  ctx: SsoContext,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Record<string, unknown>,
): Promise<AuthorizationRequest | undefined> => {
  const outcome = await validateAuthorizationRequest(ctx.db, params)
  if (outcome.kind === 'show-error') {
    await showAuthorizeError(reply, pickLang(params, request.headers['accept-language']), outcome.reason)
    return undefined
  }
  if (outcome.kind === 'redirect-error') {
    await redirectWithError(
      ctx,
      reply,
      outcome.redirectUri,
      outcome.error,
      outcome.description,
      outcome.state,
    )
    return undefined
  }
  return outcome.request
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

export const registerAuthorizeRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  app.get('/authorize', async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const req = await validOrAnswer(ctx, request, reply, query)
    if (!req) return reply
    const lang = pickLang(query, request.headers['accept-language'], req.redirectUri)
    const session = await resolveSessionCookie(
      ctx.db,
      readCookie(request, cookieNames(ctx.config).session),
      ctx.now(),
      ctx.lifetimes,
    )
    if (req.prompt === 'none') {
      if (!session)
        return redirectWithError(ctx, reply, req.redirectUri, 'login_required', undefined, req.state)
      return redirectWithCode(ctx, reply, { request: req, userId: session.userId, session })
    }
    if (session && req.prompt !== 'login')
      return redirectWithCode(ctx, reply, { request: req, userId: session.userId, session })
    return renderForm(ctx, request, reply, { req, lang, status: 200 })
  })

  app.post(
    '/authorize',
    { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>
      const req = await validOrAnswer(ctx, request, reply, body)
      if (!req) return reply
      const lang = pickLang(body, request.headers['accept-language'], req.redirectUri)
      const m = t(lang)
      const email = str(body.email).trim().slice(0, 320)
      const password = str(body.password)
      const name = str(body.name).trim()
      if (!checkCsrf(request, ctx.config, ctx.cookieSecret, body.csrf))
        return renderForm(ctx, request, reply, { req, lang, status: 403, error: m.csrf, email, name })

      if (req.action === 'login') {
        const user = await authenticate(ctx, email, password)
        if (!user)
          return renderForm(ctx, request, reply, {
            req,
            lang,
            status: 401,
            error: m.invalidCredentials,
            email,
          })
        const session = await startSession(ctx, request, reply, user.id)
        return redirectWithCode(ctx, reply, { request: req, userId: user.id, session })
      }

      // signup
      const problem =
        !name || [...name].length > 100
          ? m.nameRequired
          : !EMAIL_PATTERN.test(email)
            ? m.invalidEmail
            : undefined
      const shape = checkPasswordShape(password)
      const error =
        problem ??
        (shape === 'too_long' ? m.passwordTooLong : shape === 'too_short' ? m.passwordTooShort : undefined)
      if (error) return renderForm(ctx, request, reply, { req, lang, status: 400, error, email, name })
      if (await findUserByEmail(ctx.db, email))
        return redirectWithError(ctx, reply, req.redirectUri, USER_ALREADY_EXISTS, undefined, req.state)
      const user = await createUser(
        ctx.db,
        { email, name, passwordHash: await hashPassword(password), emailVerified: false },
        ctx.now(),
      )
      if (!user)
        return redirectWithError(ctx, reply, req.redirectUri, USER_ALREADY_EXISTS, undefined, req.state)
      await sendVerificationEmail(ctx, user, lang)
      const session = await startSession(ctx, request, reply, user.id)
      return redirectWithCode(ctx, reply, { request: req, userId: user.id, session })
    },
  )
}
