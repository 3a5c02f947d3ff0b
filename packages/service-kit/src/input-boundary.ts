import { AppError, CommonErrorCode } from '@loa/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import secureJson from 'secure-json-parse'

/** Deepest JSON nesting any Loa body needs (the deepest real body is ~5 levels); checked before parsing. */
export const MAX_JSON_DEPTH = 32

/**
 * Depth of the JSON text's nesting, scanned without parsing (so a 5,000-deep array costs one pass, not a
 * recursive parse). Brackets inside strings do not count. Stops counting once past `limit`.
 */
export const jsonDepthExceeds = (text: string, limit: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--
  }
  return false
}

const LONE_SURROGATE = /\p{Surrogate}/u

/**
 * The one rule for text input (docs/decisions.md "Text input: NUL and unpaired surrogates are refused"):
 * a string anywhere in the query, path or body that holds U+0000 or an unpaired UTF-16 surrogate is a coded
 * 400, never stored (PostgreSQL refuses NUL; a lone surrogate cannot be encoded as UTF-8) and never read aloud.
 */
export const textProblem = (value: string): string | undefined => {
  if (value.includes('\u0000')) return 'must not contain NUL characters'
  // \p{Surrogate} with the u flag matches only code units that are not part of a pair.
  if (LONE_SURROGATE.test(value)) return 'must not contain unpaired UTF-16 surrogates (\\ud800–\\udfff)'
  return undefined
}

interface TextIssue {
  path: string
  problem: string
}

const findTextIssue = (value: unknown, path: string, depth = 0): TextIssue | undefined => {
  if (typeof value === 'string') {
    const problem = textProblem(value)
    return problem ? { path, problem } : undefined
  }
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return undefined
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const issue = findTextIssue(value[i], `${path}[${i}]`, depth + 1)
      if (issue) return issue
    }
    return undefined
  }
  for (const [key, v] of Object.entries(value)) {
    const keyProblem = textProblem(key)
    if (keyProblem) return { path: `${path} key`, problem: keyProblem }
    const issue = findTextIssue(v, `${path}.${key}`, depth + 1)
    if (issue) return issue
  }
  return undefined
}

const refuseBadText = async (request: FastifyRequest): Promise<void> => {
  const issue =
    findTextIssue(request.query, 'query') ??
    findTextIssue(request.params, 'params') ??
    findTextIssue(request.body, 'body')
  if (issue)
    throw new AppError(CommonErrorCode.VALIDATION_FAILED, `Text in ${issue.path} ${issue.problem}`, 400, {
      details: [issue],
    })
}

/**
 * The input boundary every service shares: JSON bodies are size-limited (Fastify's `bodyLimit`, before
 * reading), depth-limited before parsing, parsed without prototype poisoning, and every string of the
 * query, path and body must be well-formed text.
 */
export const installInputBoundary = (app: FastifyInstance): void => {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = text as string
    if (body.length === 0) {
      const error = Object.assign(new Error('Request body is empty'), {
        code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
        statusCode: 400,
      })
      return done(error, undefined)
    }
    if (jsonDepthExceeds(body, MAX_JSON_DEPTH))
      return done(
        new AppError(
          CommonErrorCode.VALIDATION_FAILED,
          `JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`,
          400,
        ),
        undefined,
      )
    let parsed: unknown
    try {
      parsed = secureJson.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' })
    } catch {
      const error = Object.assign(new Error('Request body is not valid JSON'), {
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        statusCode: 400,
      })
      return done(error, undefined)
    }
    // A sent body is an object or an array: a bare `null` would read as "no body" to the routes.
    if (parsed === null || typeof parsed !== 'object')
      return done(
        new AppError(CommonErrorCode.VALIDATION_FAILED, 'A JSON body must be an object or an array', 400),
        undefined,
      )
    done(null, parsed)
  })
  app.addHook('preValidation', refuseBadText)
}
