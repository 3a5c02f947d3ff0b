import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsoContext } from '../context.ts'
import { buildRedirect } from '../oauth/authorize-request.ts'
import { verifyOwnToken } from '../oauth/tokens.ts'
import { checkCsrf, clearCookie, cookieNames, csrfTokenFor, readCookie } from '../http/cookies.ts'
import { seeOther, sendPage } from '../http/render.ts'
import { Hidden } from '../pages/layout.tsx'
import { MessagePage } from '../pages/message-page.tsx'
import { pickLang, t, type Lang } from '../pages/i18n.ts'
import { findClient } from '../store/clients.ts'
import { resolveSessionCookie, revokeSession } from '../store/sessions.ts'

const PATH = '/protocol/openid-connect/logout'

const str = (v: unknown) => (typeof v === 'string' && v.length <= 4096 ? v : undefined)

/**
 * OpenID Connect RP-initiated logout. With a valid `id_token_hint` the hinted session ends at once; without one
 * the user confirms with a CSRF-protected POST. `post_logout_redirect_uri` must be registered for the client.
 */
export const registerEndSessionRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  const resolveTarget = async (params: Record<string, unknown>, hintClient?: string) => {
    const clientId = str(params.client_id) ?? hintClient
    const uri = str(params.post_logout_redirect_uri)
    if (!uri) return { ok: true as const, uri: undefined, clientId }
    const client = clientId ? await findClient(ctx.db, clientId) : undefined
    if (!client || !client.postLogoutRedirectUris.includes(uri) || (hintClient && hintClient !== client.id))
      return { ok: false as const }
    return { ok: true as const, uri, clientId: client.id }
  }

  const finish = (reply: FastifyReply, lang: Lang, uri: string | undefined, state: string | undefined) => {
    clearCookie(reply, ctx.config, cookieNames(ctx.config).session)
    if (uri) return seeOther(reply, buildRedirect(uri, { state }))
    const m = t(lang)
    return sendPage(reply, 200, (nonce) => (
      <MessagePage lang={lang} nonce={nonce} title={m.logoutTitle} message={m.loggedOut} />
    ))
  }

  const invalid = (reply: FastifyReply, lang: Lang) => {
    const m = t(lang)
    return sendPage(reply, 400, (nonce) => (
      <MessagePage lang={lang} nonce={nonce} title={m.errorTitle} message={m.badRedirect} kind="error" />
    ))
  }

  app.get(PATH, async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, unknown>
    const lang = pickLang(q, request.headers['accept-language'])
    const hint = str(q.id_token_hint)
    let hinted: { sid?: string; aud?: string } | undefined
    if (hint) {
      try {
        const payload = await verifyOwnToken(ctx, hint, 'ID', { ignoreExpiry: true })
        hinted = {
          sid: typeof payload.sid === 'string' ? payload.sid : undefined,
          aud: typeof payload.aud === 'string' ? payload.aud : undefined,
        }
      } catch {
        return invalid(reply, lang)
      }
    }
    const target = await resolveTarget(q, hinted?.aud)
    if (!target.ok) return invalid(reply, lang)
    const state = str(q.state)
    if (hinted?.sid) {
      await revokeSession(ctx.db, hinted.sid, ctx.now(), 'rp_logout')
      return finish(reply, lang, target.uri, state)
    }
    const m = t(lang)
    const csrf = csrfTokenFor(request, reply, ctx.config, ctx.cookieSecret)
    return sendPage(reply, 200, (nonce) => (
      <MessagePage lang={lang} nonce={nonce} title={m.logoutTitle} message={m.logoutConfirm}>
        <form method="post" action={PATH}>
          <input type="hidden" name="csrf" value={csrf} />
          <Hidden
            fields={{
              client_id: target.clientId,
              post_logout_redirect_uri: target.uri,
              state,
              ui_locales: lang,
            }}
          />
          <button type="submit">{m.logoutButton}</button>
        </form>
      </MessagePage>
    ))
  })

  app.post(PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const lang = pickLang(body, request.headers['accept-language'])
    if (!checkCsrf(request, ctx.config, ctx.cookieSecret, body.csrf)) return invalid(reply, lang)
    const target = await resolveTarget(body)
    if (!target.ok) return invalid(reply, lang)
    const session = await resolveSessionCookie(
      ctx.db,
      readCookie(request, cookieNames(ctx.config).session),
      ctx.now(),
      ctx.lifetimes,
    )
    if (session) await revokeSession(ctx.db, session.id, ctx.now(), 'rp_logout')
    return finish(reply, lang, target.uri, str(body.state))
  })
}
