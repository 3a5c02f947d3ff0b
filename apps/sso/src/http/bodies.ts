import { parseStrictBody, type BodyIssue } from '@loa/service-kit'
import { z } from 'zod'
import { invalidRequest } from '../lib/oauth-error.ts'

/**
 * The JSON bodies of the SSO's own API — the spec's `/api/v1/auth/*` and `/api/v1/logout`, and the operator API
 * `/admin/v1/*` — validated strictly like the api's (`parseStrictBody`: an unknown key anywhere is refused). The
 * OAuth/OIDC protocol endpoints (token, introspection) ignore parameters they do not know, as RFC 6749 §3.1–3.2
 * requires of them (docs/decisions.md).
 */

/** The spec endpoints refuse in their OAuth vocabulary: 400 `invalid_request` (both error shapes on the wire). */
const refuseAsOAuth = (issues: BodyIssue[]) =>
  invalidRequest(issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '))

export const parseApiBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> =>
  parseStrictBody(schema, body, refuseAsOAuth)

const clientId = z.string().max(200)
/** Absent, null and '' all mean "not given". */
const optionalText = (max: number) => z.union([z.string().max(max), z.null()]).optional()

export const refreshBody = z.object({
  clientId: clientId.optional(),
  client_id: clientId.optional(),
  refreshToken: optionalText(8192),
  refresh_token: optionalText(8192),
})

export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
const affiliateCode = z
  .union([
    z.literal(''),
    z.string().regex(AFFILIATE_CODE_PATTERN, 'affiliateCode must be 1-64 characters [A-Za-z0-9_-]'),
    z.null(),
  ])
  .optional()

export const oneTapBody = z.object({
  clientId: clientId.optional(),
  client_id: clientId.optional(),
  token: z.string().max(8192).optional(),
  affiliateCode,
  affiliate_code: affiliateCode,
})

export const logoutBody = z.object({
  clientId: clientId.optional(),
  client_id: clientId.optional(),
  redirectUri: z.string().max(2048).optional(),
  redirect_uri: z.string().max(2048).optional(),
  post_logout_redirect_uri: z.string().max(2048).optional(),
  fingerprint: optionalText(8192),
})

const uris = z.array(z.string().max(2048)).max(100).optional()
export const adminClientBody = z.object({
  name: z.string().max(200).optional(),
  redirect_uris: uris,
  post_logout_redirect_uris: uris,
  roles: z.array(z.string().max(100)).max(100).optional(),
})

export const adminRoleBody = z.object({
  op: z.enum(['add', 'remove']).optional(),
  email: z.string().max(320),
  resource: z.string().max(200),
  role: z.string().max(100),
})

export const adminLockBody = z.object({ locked: z.boolean({ error: 'locked must be true or false' }) })

/** Operator actions that take no input: no body, or `{}`. */
export const emptyBody = z.object({})
