import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { SsoContext } from '../context.ts'
import { checkCsrf, csrfTokenFor } from '../http/cookies.ts'
import { sendPage } from '../http/render.ts'
import { checkPasswordShape, hashPassword } from '../lib/passwords.ts'
import { sendResetEmail } from '../oauth/email-flows.ts'
import { Alert, Hidden, Layout } from '../pages/layout.tsx'
import { MessagePage } from '../pages/message-page.tsx'
import { pickLang, t, type Lang } from '../pages/i18n.ts'
import { consumeEmailToken, peekEmailToken } from '../store/email-tokens.ts'
import { revokeUserSessions } from '../store/sessions.ts'
import { clearFailures } from '../store/throttle.ts'
import { EMAIL_PATTERN, findUserByEmail, findUserById, normalizeEmail, updateUser } from '../store/users.ts'

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** Forgot password (same answer whether or not the address exists), reset by emailed link, email verification. */
export const registerAccountEmailRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  const langOf = (request: FastifyRequest, source: Record<string, unknown>): Lang =>
    pickLang(source, request.headers['accept-language'])

  const forgotForm = (
    request: FastifyRequest,
    reply: Parameters<typeof sendPage>[0],
    lang: Lang,
    status: number,
    info?: string,
  ) => {
    const m = t(lang)
    const csrf = csrfTokenFor(request, reply, ctx.config, ctx.cookieSecret)
    return sendPage(reply, status, (nonce) => (
      <Layout lang={lang} title={m.forgotTitle} nonce={nonce}>
        <h1>{m.forgotTitle}</h1>
        <Alert kind="info" text={info ?? m.forgotIntro} />
        <form method="post" action="/forgot-password">
          <input type="hidden" name="csrf" value={csrf} />
          <Hidden fields={{ lang }} />
          <label htmlFor="email">{m.email}</label>
          <input id="email" name="email" type="email" autoComplete="email" maxLength={320} required />
          <button type="submit">{m.forgotButton}</button>
        </form>
      </Layout>
    ))
  }

  app.get('/forgot-password', async (request, reply) =>
    forgotForm(request, reply, langOf(request, request.query as Record<string, unknown>), 200),
  )

  app.post(
    '/forgot-password',
    { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>
      const lang = langOf(request, body)
      const m = t(lang)
      if (!checkCsrf(request, ctx.config, ctx.cookieSecret, body.csrf))
        return forgotForm(request, reply, lang, 403, m.csrf)
      const email = normalizeEmail(str(body.email)).slice(0, 320)
      const user = EMAIL_PATTERN.test(email) ? await findUserByEmail(ctx.db, email) : undefined
      if (user && !user.disabled) await sendResetEmail(ctx, user, lang, '')
      return sendPage(reply, 200, (nonce) => (
        <MessagePage lang={lang} nonce={nonce} title={m.forgotTitle} message={m.forgotSent} />
      ))
    },
  )

  const resetForm = (
    request: FastifyRequest,
    reply: Parameters<typeof sendPage>[0],
    lang: Lang,
    token: string,
    status: number,
    error?: string,
  ) => {
    const m = t(lang)
    const csrf = csrfTokenFor(request, reply, ctx.config, ctx.cookieSecret)
    return sendPage(reply, status, (nonce) => (
      <Layout lang={lang} title={m.resetTitle} nonce={nonce}>
        <h1>{m.resetTitle}</h1>
        <Alert kind="error" text={error} />
        <form method="post" action="/reset-password">
          <input type="hidden" name="csrf" value={csrf} />
          <Hidden fields={{ token, lang }} />
          <label htmlFor="password">{m.newPassword}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
          />
          <button type="submit">{m.resetButton}</button>
        </form>
      </Layout>
    ))
  }

  const linkInvalid = (reply: Parameters<typeof sendPage>[0], lang: Lang) => {
    const m = t(lang)
    return sendPage(reply, 400, (nonce) => (
      <MessagePage lang={lang} nonce={nonce} title={m.errorTitle} message={m.linkInvalid} kind="error" />
    ))
  }

  app.get('/reset-password', async (request, reply) => {
    const q = request.query as Record<string, unknown>
    const lang = langOf(request, q)
    const token = str(q.token)
    if (!(await peekEmailToken(ctx.db, token, 'reset', ctx.now()))) return linkInvalid(reply, lang)
    return resetForm(request, reply, lang, token, 200)
  })

  app.post(
    '/reset-password',
    { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>
      const lang = langOf(request, body)
      const m = t(lang)
      const token = str(body.token)
      if (!checkCsrf(request, ctx.config, ctx.cookieSecret, body.csrf))
        return resetForm(request, reply, lang, token, 403, m.csrf)
      const password = str(body.password)
      const shape = checkPasswordShape(password)
      if (shape)
        return resetForm(
          request,
          reply,
          lang,
          token,
          400,
          shape === 'too_long' ? m.passwordTooLong : m.passwordTooShort,
        )
      const now = ctx.now()
      const userId = await consumeEmailToken(ctx.db, token, 'reset', now)
      const user = userId ? await findUserById(ctx.db, userId) : undefined
      if (!user) return linkInvalid(reply, lang)
      // The emailed link proves control of the address: verify it, set the password, end every session, unlock.
      await updateUser(
        ctx.db,
        user.id,
        { passwordHash: await hashPassword(password), emailVerified: true },
        now,
      )
      await revokeUserSessions(ctx.db, user.id, now, 'password_reset')
      await clearFailures(ctx.db, `account:${user.email}`)
      return sendPage(reply, 200, (nonce) => (
        <MessagePage lang={lang} nonce={nonce} title={m.resetTitle} message={m.resetDone} />
      ))
    },
  )

  app.get('/verify-email', async (request, reply) => {
    const q = request.query as Record<string, unknown>
    const lang = langOf(request, q)
    const userId = await consumeEmailToken(ctx.db, str(q.token), 'verify', ctx.now())
    if (!userId) return linkInvalid(reply, lang)
    await updateUser(ctx.db, userId, { emailVerified: true }, ctx.now())
    const m = t(lang)
    return sendPage(reply, 200, (nonce) => (
      <MessagePage lang={lang} nonce={nonce} title={m.profileTitle} message={m.verifyDone} />
    ))
  })
}
