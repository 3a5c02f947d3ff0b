import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { toErrorBody } from '@loa/service-kit'
import { OAuthError } from '../lib/oauth-error.ts'
import { sendPage } from './render.ts'
import { MessagePage } from '../pages/message-page.tsx'
import { pickLang, t } from '../pages/i18n.ts'

const OAUTH_FOR_CODE: Record<string, string> = {
  MALFORMED_JSON: 'invalid_request',
  BODY_TOO_LARGE: 'invalid_request',
  UNSUPPORTED_MEDIA_TYPE: 'invalid_request',
  VALIDATION_FAILED: 'invalid_request',
  RATE_LIMITED: 'slow_down',
  INTERNAL_ERROR: 'server_error',
}

/** Browser-navigation routes answer errors with an HTML page; everything else with JSON. */
const isPageRoute = (request: FastifyRequest) => {
  const path = request.url.split('?')[0] ?? ''
  return (
    [
      '/authorize',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
      '/protocol/openid-connect/logout',
    ].includes(path) ||
    path.startsWith('/profile') ||
    (request.method === 'GET' && path.startsWith('/api/v1/auth/'))
  )
}

/**
 * One error answer for the SSO: JSON bodies carry the OAuth vocabulary (`error`, `error_description`) *and* the
 * spec envelope (`status: 0`, `error_code`, `error_message`); 5xx details are logged, never sent.
 */
export const installSsoErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toErrorBody(error)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: body.error_code }, 'request rejected')
    if (headers) void reply.headers(headers)
    if (status === 429) {
      const retry = reply.getHeader('retry-after')
      if (!retry) void reply.header('retry-after', '60')
    }
    if (isPageRoute(request)) {
      const query = (request.query ?? {}) as Record<string, unknown>
      const lang = pickLang(query, request.headers['accept-language'])
      const m = t(lang)
      const message = status === 429 ? m.tooMany : m.badRequest
      return sendPage(reply, status, (nonce) => (
        <MessagePage lang={lang} nonce={nonce} title={m.errorTitle} message={message} kind="error" />
      ))
    }
    const oauth =
      error instanceof OAuthError
        ? { error: error.error, error_description: error.description }
        : {
            error: OAUTH_FOR_CODE[body.error_code] ?? 'invalid_request',
            error_description: body.error_message,
          }
    void reply.header('cache-control', 'no-store')
    return reply.status(status).send({ ...oauth, ...body })
  })
}
