import type { app as t } from '@loa/db'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_BASE } from './external.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's profile row (signed-in subtrees only), created on the first call. */
    profile: typeof t.users.$inferSelect | null
  }
}

/** Methods that change nothing: their profile row may come from the account cache (API_ACCOUNT_CACHE_MS). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Turns a route subtree into a signed-in one: a verified token is required (onRequest, before any body is
 * read) and the caller's profile is loaded or created from it (preHandler, after validation) — for a read, from
 * the account cache when it has it; a write always reads the row it decides on.
 */
export const signedIn = (app: FastifyInstance): void => {
  app.addHook('onRequest', app.requireUser)
  app.addHook('preHandler', async (request: FastifyRequest) => {
    request.profile = await app.ctx.users.ensure(request.auth!, { cached: READS.has(request.method) })
  })
}

/**
 * Keeps the account cache (profile rows and balances of signed-in readers) true to this API's own writes: before
 * any write's answer goes out, the caller's entries are dropped — or every entry, when the writer may have changed
 * another account (an operator, an app token, a payment notice: anything not a plain signed-in user) and on every
 * call of the payment notices (the gateways' return and IPN calls are GETs). What other processes change (a worker
 * settling a synthesis, another replica, the sweeps) shows within API_ACCOUNT_CACHE_MS.
 */
export const keepAccountCacheTrue = (app: FastifyInstance): void => {
  const payments = `${API_BASE}/payments/`
  app.addHook('onSend', (request, _reply, payload, done) => {
    const notice = request.url.startsWith(payments)
    if (notice || !READS.has(request.method)) {
      const auth = request.auth
      if (auth && !auth.isAdmin && !notice) app.ctx.users.forget(auth.sub)
      else app.ctx.users.forgetAll()
    }
    done(null, payload)
  })
}
