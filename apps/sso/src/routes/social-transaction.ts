import type { FastifyReply } from 'fastify'
import type { SsoContext } from '../context.ts'
import { cookieNames, setCookie } from '../http/cookies.ts'
import { newId, randomToken } from '../lib/crypto.ts'
import { ssoSocialTransactions } from '../store/tables.ts'

const TRANSACTION_TTL_MS = 10 * 60_000

/**
 * One trip to an upstream provider: state, nonce and PKCE verifier kept server-side with what to do on return
 * (`request`: a client's sign-in, or a profile's linking), bound to this browser by an HttpOnly cookie.
 */
export const beginSocialTransaction = async (
  ctx: SsoContext,
  reply: FastifyReply,
  provider: string,
  request: Record<string, string>,
) => {
  const txn = { id: newId(), state: randomToken(32), nonce: randomToken(16), codeVerifier: randomToken(32) }
  const now = ctx.now()
  await ctx.db.insert(ssoSocialTransactions).values({
    id: txn.id,
    provider,
    state: txn.state,
    codeVerifier: txn.codeVerifier,
    nonce: txn.nonce,
    request,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRANSACTION_TTL_MS),
  })
  setCookie(reply, ctx.config, cookieNames(ctx.config).social, txn.id, TRANSACTION_TTL_MS / 1000)
  return txn
}
