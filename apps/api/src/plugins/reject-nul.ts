import { AppError, CommonErrorCode } from '@loa/contracts'
import type { FastifyInstance } from 'fastify'

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1))
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1))
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in the query, params or JSON body is a 400 before any
 * handler runs (instead of a database error).
 */
export const rejectNulCharacters = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    if (
      hasNul(request.query) ||
      hasNul(request.params) ||
      (request.body !== undefined && !isStream(request.body) && hasNul(request.body))
    )
      throw new AppError(CommonErrorCode.VALIDATION_FAILED, 'Text must not contain NUL characters', 400)
  })
}

const isStream = (v: unknown): boolean => typeof (v as { pipe?: unknown })?.pipe === 'function'
