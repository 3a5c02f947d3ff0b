import { toErrorBody } from '@loa/service-kit'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

/** OpenAI's error `type` for an HTTP status (what its SDKs and compatible clients branch on). */
const typeOf = (status: number): string =>
  status === 401
    ? 'authentication_error'
    : status === 403
      ? 'permission_error'
      : status === 404
        ? 'not_found_error'
        : status === 429
          ? 'rate_limit_error'
          : status >= 500
            ? 'server_error'
            : 'invalid_request_error'

/** The request field a validation error names (`/input` → `input`), else what the error's details say. */
const paramOf = (details: unknown): string | null => {
  const first = Array.isArray(details)
    ? (details[0] as { instancePath?: string; params?: { issue?: { path?: unknown[] } } })
    : undefined
  const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.')
  if (path) return path
  const fromIssue = first?.params?.issue?.path
  if (Array.isArray(fromIssue) && fromIssue.length) return fromIssue.join('.')
  const param = (details as { param?: unknown } | undefined)?.param
  return typeof param === 'string' ? param : null
}

/**
 * The body of an error of the OpenAI-compatible routes: `{"error":{"message","type","param","code"}}` with the
 * status it would have on OpenAI. `code` is Loa's stable error code (docs/errors.md); `x-should-retry: false`
 * keeps the SDKs from retrying a 5xx that cannot get better by itself.
 */
export const openAiErrorBody = (error: unknown) => {
  const { status, body, headers } = toErrorBody(error)
  return {
    status,
    headers: { ...headers, ...(status >= 500 && status !== 503 ? { 'x-should-retry': 'false' } : {}) },
    body: {
      error: {
        message: body.error_message,
        type: typeOf(status),
        param: paramOf(body.details),
        code: body.error_code,
      },
    },
  }
}

/** Installs the OpenAI error shape on this plugin's routes (Fastify scopes the handler to the plugin). */
export const installOpenAiErrorShape = (app: FastifyInstance): void => {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = openAiErrorBody(error)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: body.error.code }, 'request rejected')
    void reply.headers(headers)
    return reply.status(status).send(body)
  })
}

/** The error body, for the OpenAPI document. */
export const openAiError = z
  .object({
    error: z.object({
      message: z.string().describe('What went wrong, for a person'),
      type: z
        .string()
        .describe(
          'OpenAI error type: invalid_request_error, authentication_error, permission_error, not_found_error, rate_limit_error or server_error',
        ),
      param: z.string().nullable().describe('The request field at fault, when one is'),
      code: z.string().describe("Loa's stable error code (docs/errors.md)"),
    }),
  })
  .meta({
    example: {
      error: {
        message: 'At most 5 requests of this app may run at once',
        type: 'rate_limit_error',
        param: null,
        code: 'TTS_CONCURRENCY_LIMIT_REACHED',
      },
    },
  })

export const openAiErrorResponses = {
  400: openAiError,
  401: openAiError,
  403: openAiError,
  404: openAiError,
  429: openAiError,
}
