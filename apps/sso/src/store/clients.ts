import { eq } from 'drizzle-orm'
import { type Db } from '@loa/db'
import { ssoClients } from './tables.ts'

export interface Client {
  id: string
  name: string
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  roles: string[]
}

export const CLIENT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/

export const findClient = async (db: Db, id: string): Promise<Client | undefined> => {
  if (!CLIENT_ID_PATTERN.test(id)) return undefined
  const [row] = await db.select().from(ssoClients).where(eq(ssoClients.id, id)).limit(1)
  return row ? toClient(row) : undefined
}

export const listClients = async (db: Db): Promise<Client[]> =>
  (await db.select().from(ssoClients).orderBy(ssoClients.id)).map(toClient)

const toClient = (row: typeof ssoClients.$inferSelect): Client => ({
  id: row.id,
  name: row.name,
  redirectUris: row.redirectUris,
  postLogoutRedirectUris: row.postLogoutRedirectUris,
  roles: row.roles,
})

/** A redirect URI an operator may register: absolute http(s), no fragment, no userinfo. */
export const isRegistrableUri = (value: string): boolean => {
  try {
    const url = new URL(value)
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.hash &&
      !url.username &&
      !url.password &&
      !value.includes('#')
    )
  } catch {
    return false
  }
}

export const upsertClient = async (db: Db, client: Client): Promise<void> => {
  if (!CLIENT_ID_PATTERN.test(client.id))
    throw new Error(`invalid client id '${client.id}' (use a-z, 0-9, -)`)
  for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris])
    if (!isRegistrableUri(uri))
      throw new Error(`invalid URI '${uri}' (absolute http(s), no fragment/userinfo)`)
  await db
    .insert(ssoClients)
    .values({ ...client, createdAt: new Date() })
    .onConflictDoUpdate({
      target: ssoClients.id,
      set: {
        name: client.name,
        redirectUris: client.redirectUris,
        postLogoutRedirectUris: client.postLogoutRedirectUris,
        roles: client.roles,
      },
    })
}

export const removeClient = async (db: Db, id: string): Promise<boolean> =>
  (await db.delete(ssoClients).where(eq(ssoClients.id, id)).returning({ id: ssoClients.id })).length > 0

/** Origins (scheme://host:port) of every registered redirect URI: the CORS allowlist. Cached briefly. */
export const createOriginAllowlist = (db: Db, ttlMs = 5_000) => {
  let cached: { at: number; origins: Set<string> } | undefined
  return async (origin: string): Promise<boolean> => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const origins = new Set<string>()
      for (const client of await listClients(db))
        for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris]) {
          try {
            origins.add(new URL(uri).origin)
          } catch {
            /* unregistrable values never reach the table */
          }
        }
      cached = { at: Date.now(), origins }
    }
    return cached.origins.has(origin)
  }
}
