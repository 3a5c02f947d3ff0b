import { toErrorBody } from '@loa/service-kit'
import type { FastifyInstance } from 'fastify'
import { ApiErrorCode } from '../../errors.ts'

/** The current developer API names its per-app concurrency limit the way Vbee's API v1 does. */
const V1_CODES: Record<string, string> = {
  [ApiErrorCode.TTS_CONCURRENCY_LIMIT_REACHED]: ApiErrorCode.TTS_CCR_MAX_LIMIT_REACHED,
}

/** Error body of the /v1 routes: `{ "error": { "code", "message", "details"? } }` (the /api/v1 envelope stays). */
export const v1ErrorBody = (error: unknown) => {
  const { status, body, headers } = toErrorBody(error)
  const code = V1_CODES[body.error_code] ?? body.error_code
  return {
    status,
    headers,
    body: {
      error: { code, message: body.error_message, ...(body.details ? { details: body.details } : {}) },
    },
  }
}

/** Installs the /v1 error shape on this plugin's routes (Fastify scopes the handler to the plugin). */
export const installV1ErrorShape = (app: FastifyInstance): void => {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = v1ErrorBody(error)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: body.error.code }, 'request rejected')
    if (headers) void reply.headers(headers)
    return reply.status(status).send(body)
  })
}
