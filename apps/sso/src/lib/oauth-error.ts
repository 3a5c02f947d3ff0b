import { AppError } from '@loa/contracts'

/**
 * An OAuth 2.0 error (`invalid_grant`, `invalid_request`…). On the wire it carries both vocabularies:
 * `{error, error_description}` for standard clients and `{status: 0, error_code, error_message}` (the spec envelope).
 */
export class OAuthError extends AppError {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    httpStatus = 400,
  ) {
    super(error, description, httpStatus)
    this.name = 'OAuthError'
  }
}

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_token'
  | 'access_denied'
  | 'login_required'
  | 'server_error'
  | 'temporarily_unavailable'
  | 'user_already_exists'

export const invalidRequest = (d: string) => new OAuthError('invalid_request', d)
export const invalidGrant = (d: string) => new OAuthError('invalid_grant', d)
