import type { ApiAppRow } from '@loa/synthesis'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { synthesisContext } from '../../services/synthesis-context.ts'

/** Who calls a call-prompt route: a signed-in user (the studio) or an app (the developer API, its owner's wallet). */
export interface Caller {
  userId: string
  app: ApiAppRow | null
}

const callers = new WeakMap<FastifyRequest, Caller>()
const APP_TOKEN = /^Bearer\s+loa_/i

/**
 * The caller, authenticated once per request: `Authorization: Bearer loa_…` is an app token (`App-Id` checked when
 * sent), any other bearer an SSO access token whose profile is loaded or created.
 */
export const callerOf = async (app: FastifyInstance, request: FastifyRequest): Promise<Caller> => {
  const known = callers.get(request)
  if (known) return known
  let caller: Caller
  if (APP_TOKEN.test(request.headers.authorization ?? '')) {
    const found = await synthesisContext(app).apiApps.authenticateWithAppId(request.headers, false)
    caller = { userId: found.userId, app: found }
  } else {
    await app.requireUser(request)
    const profile = await app.ctx.users.ensure(request.auth!)
    caller = { userId: profile.id, app: null }
  }
  callers.set(request, caller)
  return caller
}

/** The idempotency scope of a caller (`app:<id>` or `user:<id>`). */
export const callerScope = async (app: FastifyInstance, request: FastifyRequest): Promise<string> => {
  const caller = await callerOf(app, request)
  return caller.app ? `app:${caller.app.id}` : `user:${caller.userId}`
}
