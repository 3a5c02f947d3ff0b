import { AppError, CommonErrorCode, strictObjects } from '@loa/contracts'
import type { z } from 'zod'

/** One problem of a refused body: where (dotted path; `body` for the body itself) and what. */
export interface BodyIssue {
  path: string
  message: string
}

/** The default refusal: 400 VALIDATION_FAILED in the product envelope, every issue in `details`. */
export const validationFailed = (issues: BodyIssue[]): AppError =>
  new AppError(
    CommonErrorCode.VALIDATION_FAILED,
    issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    400,
    { details: issues },
  )

/** Parses `value` with `schema` as it is, or throws what `refuse` makes of the issues (queries, path parameters). */
export const parseOrRefuse = <S extends z.ZodType>(
  schema: S,
  value: unknown,
  refuse: (issues: BodyIssue[]) => Error = validationFailed,
): z.output<S> => {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw refuse(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || 'body',
      message: issue.message,
    })),
  )
}

/**
 * The api's body rule for services that validate in their handlers (SSO, flags): the schema with every object
 * made strict (`strictObjects` of @loa/contracts: an unknown key anywhere is an issue, as the api's validator
 * compiler does), an absent body read as `{}`. The input boundary of `createBaseApp` has already limited size
 * and depth before parsing. Returns the parsed value, or throws what `refuse` makes of the issues — each service
 * answers in its own error shape with its own validation code.
 */
export const parseStrictBody = <S extends z.ZodType>(
  schema: S,
  body: unknown,
  refuse: (issues: BodyIssue[]) => Error = validationFailed,
): z.output<S> => parseOrRefuse(strictObjects(schema), body === undefined ? {} : body, refuse)
