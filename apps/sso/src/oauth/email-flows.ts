import type { SsoContext } from '../context.ts'
import { fill, t, type Lang } from '../pages/i18n.ts'
import { createEmailToken } from '../store/email-tokens.ts'
import type { User } from '../store/users.ts'

/** A social account without a shared e-mail (`@no-email.invalid`) is never mailed. */
const undeliverable = (user: User) => user.email.endsWith('.invalid')

export const sendVerificationEmail = async (ctx: SsoContext, user: User, lang: Lang): Promise<void> => {
  if (undeliverable(user)) return
  const token = await createEmailToken(ctx.db, user.id, 'verify', ctx.now(), ctx.config.ttl.verifyToken)
  const link = `${ctx.config.issuer}/verify-email?token=${token}&lang=${lang}`
  const m = t(lang)
  await ctx.mailer.send({
    to: user.email,
    subject: m.mailVerifySubject,
    text: fill(m.mailVerifyBody, { name: user.name || user.email, link }),
  })
}

export const sendResetEmail = async (
  ctx: SsoContext,
  user: User,
  lang: Lang,
  returnQuery: string,
): Promise<void> => {
  if (undeliverable(user)) return
  const token = await createEmailToken(ctx.db, user.id, 'reset', ctx.now(), ctx.config.ttl.resetToken)
  const link = `${ctx.config.issuer}/reset-password?token=${token}&lang=${lang}${returnQuery ? `&${returnQuery}` : ''}`
  const m = t(lang)
  await ctx.mailer.send({
    to: user.email,
    subject: m.mailResetSubject,
    text: fill(m.mailResetBody, { link }),
  })
}
