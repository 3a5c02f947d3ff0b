import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, CommonErrorCode, type ErrorBody } from '@loa/contracts'

/** Maps Fastify's own error codes to our stable catalogue. */
const FASTIFY_CODE_MAP: Record<string, { code: string; status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: CommonErrorCode.MALFORMED_JSON,
    status: 400,
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: CommonErrorCode.MALFORMED_JSON,
    status: 400,
    message: 'Request body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: CommonErrorCode.BODY_TOO_LARGE,
    status: 413,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
    status: 415,
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: CommonErrorCode.MALFORMED_JSON,
    status: 400,
    message: 'Invalid content length',
  },
}

export const toErrorBody = (
  error: unknown,
): { status: number; body: ErrorBody; headers?: Record<string, string> } => {
  if (error instanceof AppError)
    return { status: error.httpStatus, body: error.toBody(), headers: error.headers }
  const fe = error as FastifyError & { validation?: unknown[]; validationContext?: string }
  if (fe?.validation) {
    return {
      status: 400,
      body: {
        status: 0,
        error_code: CommonErrorCode.VALIDATION_FAILED,
        error_message: fe.message || 'Request validation failed',
        details: fe.validation,
      },
    }
  }
  const mapped = fe?.code ? FASTIFY_CODE_MAP[fe.code] : undefined
  if (mapped)
    return {
      status: mapped.status,
      body: { status: 0, error_code: mapped.code, error_message: mapped.message },
    }
  if (fe?.statusCode === 429) {
    return {
      status: 429,
      body: { status: 0, error_code: CommonErrorCode.RATE_LIMITED, error_message: 'Too many requests' },
    }
  }
  if (fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return {
      status: fe.statusCode,
      body: { status: 0, error_code: fe.code ?? 'BAD_REQUEST', error_message: fe.message },
    }
  }
  return {
    status: 500,
    body: { status: 0, error_code: CommonErrorCode.INTERNAL_ERROR, error_message: 'Internal server error' },
  }
}

/** Installs the one JSON error shape and the 404 answer. 5xx details are logged, never sent. */
export const installErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toErrorBody(error)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: body.error_code }, 'request rejected')
    if (headers) void reply.headers(headers)
    return reply.status(status).send(body)
  })
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      status: 0,
      error_code: CommonErrorCode.NOT_FOUND,
      error_message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    } satisfies ErrorBody),
  )
}
