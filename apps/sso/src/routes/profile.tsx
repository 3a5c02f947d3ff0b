import { deviceName, vietnamTime } from '@loa/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsoContext } from '../context.ts'
import { checkCsrf, clearCookie, cookieNames, csrfTokenFor } from '../http/cookies.ts'
import { sendPage } from '../http/render.ts'
import { checkPasswordShape, hashPassword, verifyPassword } from '../lib/passwords.ts'
import { authenticate } from '../oauth/login.ts'
import { startSession } from '../oauth/complete.ts'
import { sendVerificationEmail } from '../oauth/email-flows.ts'
import { AuthorizePage } from '../pages/authorize-page.tsx'
import { ProfilePage } from '../pages/profile-page.tsx'
import { t, type Lang, type Messages } from '../pages/i18n.ts'
import { listLiveSessions, revokeSession, revokeUserSessions, type Session } from '../store/sessions.ts'
import { updateUser, type User } from '../store/users.ts'
import { isLinkError } from '../oauth/identity-links.ts'
import { backToProfile, profileContext, str } from './profile-context.ts'
import { signInMethods } from './identity-links.ts'

const NOTICES = ['saved', 'passwordChanged', 'verifySent', 'deleteRequested', 'linked', 'unlinked'] as const
type Notice = (typeof NOTICES)[number]
const ERRORS = [
  'wrongPassword',
  'passwordTooShort',
  'passwordTooLong',
  'nameRequired',
  'invalidAvatar',
  'csrf',
] as const
type ErrorKey = (typeof ERRORS)[number]

/** `/profile?client_id=…`: account management at the SSO (name, avatar, password, sessions, deletion request). */
export const registerProfileRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  const context = (request: FastifyRequest, source: Record<string, unknown>) =>
    profileContext(ctx, request, source)
  const back = backToProfile

  const loginForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    lang: Lang,
    query: Record<string, string | undefined>,
    status: number,
    error?: string,
  ) => {
    const m = t(lang)
    const csrf = csrfTokenFor(request, reply, ctx.config, ctx.cookieSecret)
    return sendPage(reply, status, (nonce) => (
      <AuthorizePage
        lang={lang}
        nonce={nonce}
        mode="login"
        action="/profile/login"
        csrf={csrf}
        hidden={query}
        error={error}
        info={m.profileSignIn}
        social={[]}
        switchHref={`/forgot-password?lang=${lang}`}
        forgotHref={`/forgot-password?lang=${lang}`}
      />
    ))
  }

  app.get('/profile', async (request, reply) => {
    const q = request.query as Record<string, unknown>
    const c = await context(request, q)
    if (!c.user || !c.session) return loginForm(request, reply, c.lang, c.query, 200)
    const m: Messages = t(c.lang)
    const notice = NOTICES.includes(str(q.notice) as Notice) ? m[str(q.notice) as Notice] : undefined
    const code = str(q.error)
    const error = ERRORS.includes(code as ErrorKey)
      ? m[code as ErrorKey]
      : isLinkError(code)
        ? m.linkErrors[code]
        : undefined
    const sessions = await listLiveSessions(ctx.db, c.user.id, ctx.now(), ctx.lifetimes)
    const csrf = csrfTokenFor(request, reply, ctx.config, ctx.cookieSecret)
    const user: User = c.user
    const current: Session = c.session
    const methods = await signInMethods(ctx, user)
    return sendPage(reply, 200, (nonce) => (
      <ProfilePage
        lang={c.lang}
        nonce={nonce}
        csrf={csrf}
        query={c.query}
        notice={notice}
        error={error}
        backHref={c.client?.redirectUris[0]}
        signInMethods={methods}
        user={{
          email: user.email,
          name: user.name,
          avatarUrl: user.avatarUrl,
          emailVerified: user.emailVerified,
          deletionRequested: Boolean(user.deletionRequestedAt),
        }}
        sessions={sessions.map((s) => ({
          id: s.id,
          current: s.id === current.id,
          userAgent: s.userAgent,
          // A readable device and Vietnam's local time, not the raw header and UTC.
          device: s.userAgent ? deviceName(s.userAgent) : null,
          lastSeen: vietnamTime(s.lastSeenAt, c.lang),
          lastSeenIso: s.lastSeenAt.toISOString(),
        }))}
      />
    ))
  })

  const limited = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } }

  app.post('/profile/login', limited, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const c = await context(request, body)
    const m = t(c.lang)
    if (!checkCsrf(request, ctx.config, ctx.cookieSecret, body.csrf))
      return loginForm(request, reply, c.lang, c.query, 403, m.csrf)
    const user = await authenticate(ctx, str(body.email), str(body.password))
    if (!user) return loginForm(request, reply, c.lang, c.query, 401, m.invalidCredentials)
    await startSession(ctx, request, reply, user.id)
    return back(reply, c.query, {})
  })

  /** Every other profile POST: CSRF + a live session, then the action. */
  const action = (
    path: string,
    run: (args: {
      body: Record<string, unknown>
      user: User
      session: Session
      lang: Lang
    }) => Promise<{ error?: string; notice?: string; signedOut?: string }>,
  ) =>
    app.post(path, limited, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>
      const c = await context(request, body)
      if (!checkCsrf(request, ctx.config, ctx.cookieSecret, body.csrf))
        return back(reply, c.query, { error: 'csrf' })
      if (!c.user || !c.session) return back(reply, c.query, {})
      const { signedOut, ...extra } = await run({ body, user: c.user, session: c.session, lang: c.lang })
      if (signedOut) {
        clearCookie(reply, ctx.config, cookieNames(ctx.config).session)
        return back(reply, c.query, {})
      }
      return back(reply, c.query, extra as Record<string, string>)
    })

  action('/profile/update', async ({ body, user }) => {
    const name = str(body.name).trim()
    const avatar = str(body.avatar_url).trim()
    if (!name || [...name].length > 100) return { error: 'nameRequired' }
    if (avatar && (!/^https:\/\/[^\s"'<>]+$/.test(avatar) || avatar.length > 2000))
      return { error: 'invalidAvatar' }
    await updateUser(ctx.db, user.id, { name, avatarUrl: avatar || null }, ctx.now())
    return { notice: 'saved' }
  })

  action('/profile/password', async ({ body, user, session }) => {
    const next = str(body.new_password)
    const shape = checkPasswordShape(next)
    if (shape) return { error: shape === 'too_long' ? 'passwordTooLong' : 'passwordTooShort' }
    if (user.passwordHash && !(await verifyPassword(user.passwordHash, str(body.current_password))))
      return { error: 'wrongPassword' }
    const now = ctx.now()
    await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(next) }, now)
    await revokeUserSessions(ctx.db, user.id, now, 'password_changed', session.id)
    return { notice: 'passwordChanged' }
  })

  action('/profile/sessions/revoke', async ({ body, user, session }) => {
    const id = str(body.session_id)
    const mine = await listLiveSessions(ctx.db, user.id, ctx.now(), ctx.lifetimes)
    if (mine.some((s) => s.id === id)) await revokeSession(ctx.db, id, ctx.now(), 'revoked_by_user')
    return id === session.id ? { signedOut: '1' } : { notice: 'saved' }
  })

  action('/profile/verify-email', async ({ user, lang }) => {
    if (!user.emailVerified) await sendVerificationEmail(ctx, user, lang)
    return { notice: 'verifySent' }
  })

  action('/profile/delete', async ({ user }) => {
    if (!user.deletionRequestedAt)
      await updateUser(ctx.db, user.id, { deletionRequestedAt: ctx.now() }, ctx.now())
    return { notice: 'deleteRequested' }
  })
}
