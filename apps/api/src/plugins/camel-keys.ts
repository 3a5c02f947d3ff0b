import { AppError, camelToSnake, CommonErrorCode } from '@loa/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * The spec names query and body keys in camelCase (`isLandingPage`, `refreshToken`), the API's wire is snake_case:
 * top-level keys are accepted in either spelling. The same key sent both ways with different values is refused
 * (400 VALIDATION_FAILED) — a key is never dropped silently.
 */
const LOWER_CAMEL = /^[a-z][a-zA-Z0-9]*$/

export const snakeTopLevelKeys = (input: unknown, part: 'query' | 'body'): unknown => {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    // Only plain lowerCamel names are renamed: `vnp_TxnRef`-style third-party keys stay as they are.
    const snake = LOWER_CAMEL.test(key) ? camelToSnake(key) : key
    if (snake in out && JSON.stringify(out[snake]) !== JSON.stringify(value))
      throw new AppError(CommonErrorCode.VALIDATION_FAILED, `${part} key ${snake} is given twice`, 400, {
        details: [
          { field: `${part}.${snake}`, message: `given as ${key} and ${snake} with different values` },
        ],
      })
    out[snake] = value
  }
  return out
}

/** Every route's query string accepts the spec's camelCase keys (preValidation, before the schema reads them). */
export const acceptCamelCaseQueries = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    request.query = snakeTopLevelKeys(request.query, 'query')
  })
}

/** A route subtree whose bodies the spec sends in camelCase (`POST auths/refresh-token {refreshToken}`). */
export const acceptCamelCaseBodies = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    request.body = snakeTopLevelKeys(request.body, 'body')
  })
}
