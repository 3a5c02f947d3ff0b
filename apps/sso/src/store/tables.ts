import { sso } from '@loa/db'

/** The `sso` schema's tables (packages/db/src/schema/sso). */
export const {
  ssoUsers,
  ssoIdentities,
  ssoClients,
  ssoUserRoles,
  ssoSigningKeys,
  ssoSessions,
  ssoAuthCodes,
  ssoGrants,
  ssoRefreshTokens,
  ssoEmailTokens,
  ssoLoginFailures,
  ssoOutbox,
  ssoSocialTransactions,
  ssoSettings,
} = sso
