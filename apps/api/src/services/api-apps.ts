import { createHash, randomBytes } from 'node:crypto'
import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import { ApiErrorCode } from '../errors.ts'

export type ApiAppRow = typeof t.apiApps.$inferSelect

const TOKEN_PREFIX = 'loa_'

/** SHA-256 of a token: what the database keeps (a token is 256 random bits, so no slow hash is needed). */
export const hashAppToken = (token: string): string => createHash('sha256').update(token).digest('hex')

const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`

/** Token lifetimes a developer may choose (days); null = the token never expires. */
export const TOKEN_LIFETIMES_DAYS = [7, 30, 60, 90] as const
export type TokenLifetimeDays = (typeof TOKEN_LIFETIMES_DAYS)[number] | null
/** How long the replaced token keeps working after a rotation, so deployments can switch over. */
export const ROTATION_GRACE_HOURS = 24

const expiryOf = (days: TokenLifetimeDays | undefined, now = Date.now()) =>
  days ? new Date(now + days * 86_400_000) : null
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`

/** Developer API apps: create (token shown once), list, rename, revoke; bearer-token authentication. */
export const createApiAppsService = (
  db: Db,
  limits: { maxConcurrent: number; requestsPerMinute: number },
) => {
  const create = async (
    userId: string,
    input: { name: string; callbackUrl?: string | null; expiresInDays?: TokenLifetimeDays },
  ) => {
    const token = newToken()
    const [row] = await db
      .insert(t.apiApps)
      .values({
        userId,
        name: input.name,
        tokenHash: hashAppToken(token),
        tokenPrefix: token.slice(0, 10),
        tokenExpiresAt: expiryOf(input.expiresInDays),
        callbackUrl: input.callbackUrl ?? null,
        callbackSecret: newSecret(),
        maxConcurrent: limits.maxConcurrent,
        requestsPerMinute: limits.requestsPerMinute,
      })
      .returning()
    return { app: row!, token }
  }

  const list = (userId: string) =>
    db.select().from(t.apiApps).where(eq(t.apiApps.userId, userId)).orderBy(desc(t.apiApps.createdAt))

  const find = async (userId: string, id: string): Promise<ApiAppRow> => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    const [row] = uuid
      ? await db
          .select()
          .from(t.apiApps)
          .where(and(eq(t.apiApps.id, id), eq(t.apiApps.userId, userId)))
      : []
    if (!row) throw new AppError(ApiErrorCode.API_APP_NOT_FOUND, 'API app not found', 404)
    return row
  }

  const update = async (
    userId: string,
    id: string,
    patch: { name?: string; callbackUrl?: string | null },
  ): Promise<ApiAppRow> => {
    await find(userId, id)
    const [row] = await db
      .update(t.apiApps)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.callbackUrl !== undefined ? { callbackUrl: patch.callbackUrl } : {}),
        updatedAt: new Date(),
      })
      .where(eq(t.apiApps.id, id))
      .returning()
    return row!
  }

  /** Revokes an app: its token stops working at once; its requests stay readable by the owner. */
  const revoke = async (userId: string, id: string): Promise<ApiAppRow> => {
    await find(userId, id)
    await db
      .update(t.apiApps)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(t.apiApps.id, id), isNull(t.apiApps.revokedAt)))
    return find(userId, id)
  }

  /**
   * A new token for the app (shown once), with a new lifetime; the old one keeps working for
   * ROTATION_GRACE_HOURS (an older previous token stops at once).
   */
  const rotate = async (userId: string, id: string, expiresInDays: TokenLifetimeDays) => {
    const current = await find(userId, id)
    if (current.revokedAt) throw new AppError(ApiErrorCode.APP_REVOKED, 'This app has been revoked', 409)
    const token = newToken()
    const now = Date.now()
    const [row] = await db
      .update(t.apiApps)
      .set({
        tokenHash: hashAppToken(token),
        tokenPrefix: token.slice(0, 10),
        tokenExpiresAt: expiryOf(expiresInDays, now),
        previousTokenHash: current.tokenHash,
        previousTokenExpiresAt: new Date(
          Math.min(now + ROTATION_GRACE_HOURS * 3_600_000, current.tokenExpiresAt?.getTime() ?? Infinity),
        ),
        updatedAt: new Date(now),
      })
      .where(eq(t.apiApps.id, id))
      .returning()
    return { app: row!, token }
  }

  /** The app a bearer token belongs to; 401 for unknown, expired or revoked tokens. */
  const authenticate = async (header: string | undefined): Promise<ApiAppRow> => {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
    if (!match)
      throw new AppError(ApiErrorCode.APP_TOKEN_INVALID, 'Authorization: Bearer <app token> required', 401)
    const hash = hashAppToken(match[1]!)
    const now = new Date()
    const [row] = await db
      .select()
      .from(t.apiApps)
      .where(
        or(
          eq(t.apiApps.tokenHash, hash),
          and(eq(t.apiApps.previousTokenHash, hash), gt(t.apiApps.previousTokenExpiresAt, now)),
        ),
      )
    if (!row) throw new AppError(ApiErrorCode.APP_TOKEN_INVALID, 'Unknown app token', 401)
    if (row.revokedAt) throw new AppError(ApiErrorCode.APP_REVOKED, 'This app has been revoked', 401)
    if (row.tokenHash === hash && row.tokenExpiresAt && row.tokenExpiresAt <= now)
      throw new AppError(
        ApiErrorCode.APP_TOKEN_EXPIRED,
        'This app token has expired; rotate it in the console',
        401,
        {
          details: { expired_at: row.tokenExpiresAt.toISOString() },
        },
      )
    return row
  }

  /**
   * The app of a bearer token whose `App-Id` header, when sent, must name it: required by the v1 shape (Vbee sends
   * both), optional where clients cannot send it (OpenAI SDKs, browsers' WebSockets).
   */
  const authenticateWithAppId = async (
    headers: { authorization?: string; 'app-id'?: string | string[] },
    appIdRequired: boolean,
  ): Promise<ApiAppRow> => {
    const found = await authenticate(headers.authorization)
    const appId = headers['app-id']
    const given = typeof appId === 'string' ? appId.trim() : ''
    if (!given && appIdRequired)
      throw new AppError(ApiErrorCode.APP_ID_REQUIRED, 'The App-Id header is required', 400)
    if (given && given !== found.id)
      throw new AppError(ApiErrorCode.APP_ID_MISMATCH, 'App-Id does not match the app of this token', 403)
    return found
  }

  return { create, list, find, update, revoke, rotate, authenticate, authenticateWithAppId }
}

export type ApiAppsService = ReturnType<typeof createApiAppsService>
