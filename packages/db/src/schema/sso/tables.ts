import { boolean, index, integer, jsonb, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { ssoSchema } from './schema.ts'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Accounts. `email` is stored lower-cased; `password_hash` is a PHC Argon2id string (null for social-only accounts). */
export const ssoUsers = ssoSchema.table(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    affiliateCode: text('affiliate_code'),
    deletionRequestedAt: ts('deletion_requested_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
)

/** Links to upstream identity providers (Google, Facebook…), keyed by the provider's stable `sub`. */
export const ssoIdentities = ssoSchema.table(
  'identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id').notNull(),
    email: text('email'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('identities_user_idx').on(t.userId)],
)

/** Registered client applications (public clients, PKCE). */
export const ssoClients = ssoSchema.table('clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull(),
  /** Roles this client (as a resource) defines; informative for operators. */
  roles: jsonb('roles').$type<string[]>().notNull(),
  createdAt: ts('created_at').notNull(),
})

/** Per-resource roles of a user (`resource_access[resource].roles`). */
export const ssoUserRoles = ssoSchema.table(
  'user_roles',
  {
    userId: text('user_id').notNull(),
    resource: text('resource').notNull(),
    role: text('role').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resource, t.role] })],
)

/** RS256 signing keys. The newest non-retired key signs; retired keys stay in the JWKS until `expires_at`. */
export const ssoSigningKeys = ssoSchema.table('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull(),
  retiredAt: ts('retired_at'),
  expiresAt: ts('expires_at'),
})

/** Browser login sessions at the SSO. The cookie carries a random token; only its SHA-256 is stored. */
export const ssoSessions = ssoSchema.table(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

/** Authorization codes (hash only), single use, bound to client + redirect URI + PKCE challenge. */
export const ssoAuthCodes = ssoSchema.table('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  userId: text('user_id').notNull(),
  sessionId: text('session_id').notNull(),
  nonce: text('nonce'),
  scope: text('scope').notNull(),
  authTime: ts('auth_time').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  /** Set when the code is presented again after its first use (the grant it produced gets revoked). */
  replayedAt: ts('replayed_at'),
})

/** A grant = one refresh-token family, created by one code exchange (or One Tap). */
export const ssoGrants = ssoSchema.table(
  'grants',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    userId: text('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    codeHash: text('code_hash'),
    scope: text('scope').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('grants_session_idx').on(t.sessionId), index('grants_user_idx').on(t.userId)],
)

/** Refresh tokens (by random `jti`), rotated on use; a consumed one presented again revokes its grant. */
export const ssoRefreshTokens = ssoSchema.table(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    grantId: text('grant_id').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('refresh_tokens_grant_idx').on(t.grantId)],
)

/** Email verification and password-reset tokens (hash only), single use. */
export const ssoEmailTokens = ssoSchema.table('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
})

/** Failed-login bookkeeping per account (lower-cased email, whether or not it exists). */
export const ssoLoginFailures = ssoSchema.table('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: ts('last_failure_at').notNull(),
  lockedUntil: ts('locked_until'),
})

/** Embedded-mode mail outbox (and a copy of every mail sent over SMTP). */
export const ssoOutbox = ssoSchema.table('outbox', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
})

/** Upstream social-login transactions (state, PKCE verifier, nonce, downstream request). */
export const ssoSocialTransactions = ssoSchema.table('social_transactions', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  state: text('state').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  request: jsonb('request').$type<Record<string, string>>().notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
})

/** Small key/value settings generated at first start (cookie secret, tokens-not-before). */
export const ssoSettings = ssoSchema.table('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
