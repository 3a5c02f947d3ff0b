import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SsoContext } from '../context.ts'
import { cookieNames, readCookie } from '../http/cookies.ts'
import { seeOther } from '../http/render.ts'
import { pickLang, type Lang } from '../pages/i18n.ts'
import { findClient } from '../store/clients.ts'
import { resolveSessionCookie } from '../store/sessions.ts'
import { findUserById } from '../store/users.ts'

export const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** Who is at the profile page: language, the client it came from, the live session and its user. */
export const profileContext = async (
  ctx: SsoContext,
  request: FastifyRequest,
  source: Record<string, unknown>,
) => {
  const lang: Lang = pickLang(source, request.headers['accept-language'])
  const clientId = str(source.client_id ?? source.clientId)
  const client = clientId ? await findClient(ctx.db, clientId) : undefined
  const session = await resolveSessionCookie(
    ctx.db,
    readCookie(request, cookieNames(ctx.config).session),
    ctx.now(),
    ctx.lifetimes,
  )
  const user = session ? await findUserById(ctx.db, session.userId) : undefined
  const query: Record<string, string | undefined> = { client_id: client?.id, lang }
  return { lang, client, session: user ? session : undefined, user, query }
}

/** 303 back to `/profile` with the page's own query (client, language) and a notice or error. */
export const backToProfile = (
  reply: FastifyReply,
  query: Record<string, string | undefined>,
  extra: Record<string, string>,
) => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries({ ...query, ...extra })) if (v) q.set(k, v)
  return seeOther(reply, `/profile?${q.toString()}`)
}
