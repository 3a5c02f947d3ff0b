import { createHash, randomBytes } from 'node:crypto'
import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { ApiErrorCode } from '../errors.ts'

export type ApiAppRow = typeof t.apiApps.$inferSelect

const TOKEN_PREFIX = 'loa_'

/** SHA-256 of a token: what the database keeps (a token is 256 random bits, so no slow hash is needed). */
export const hashAppToken = (token: string): string => createHash('sha256').update(token).digest('hex')

const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`

/** Developer API apps: create (token shown once), list, rename, revoke; bearer-token authentication. */
export const createApiAppsService = (
  db: Db,
  limits: { maxConcurrent: number; requestsPerMinute: number },
) => {
  const create = async (userId: string, input: { name: string; callbackUrl?: string | null }) => {
    const token = newToken()
    const [row] = await db
      .insert(t.apiApps)
      .values({
        userId,
        name: input.name,
        tokenHash: hashAppToken(token),
        tokenPrefix: token.slice(0, 10),
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

  /** The app a bearer token belongs to; 401 for unknown or revoked tokens. */
  const authenticate = async (header: string | undefined): Promise<ApiAppRow> => {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
    if (!match)
      throw new AppError(ApiErrorCode.APP_TOKEN_INVALID, 'Authorization: Bearer <app token> required', 401)
    const [row] = await db
      .select()
      .from(t.apiApps)
      .where(eq(t.apiApps.tokenHash, hashAppToken(match[1]!)))
    if (!row) throw new AppError(ApiErrorCode.APP_TOKEN_INVALID, 'Unknown app token', 401)
    if (row.revokedAt) throw new AppError(ApiErrorCode.APP_REVOKED, 'This app has been revoked', 401)
    return row
  }

  return { create, list, find, update, revoke, authenticate }
}

export type ApiAppsService = ReturnType<typeof createApiAppsService>
