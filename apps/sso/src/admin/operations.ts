import type { Db } from '@loa/db'
import { systemClock } from '../lib/clock.ts'
import { CLIENT_ID_PATTERN, listClients, removeClient, upsertClient, type Client } from '../store/clients.ts'
import { createKeyRing } from '../store/keys.ts'
import { readOutbox } from '../store/outbox.ts'
import { setSetting, TOKENS_NOT_BEFORE } from '../store/settings.ts'
import { revokeUserSessions } from '../store/sessions.ts'
import { findUserByEmail, findUserById, grantRole, revokeRole, updateUser } from '../store/users.ts'

export const NAME_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/

/** Operator actions, shared by the admin HTTP endpoints and the CLI (when it opens the database itself). */
export const createSsoAdmin = (db: Db, keyRetentionSeconds = 24 * 3600) => ({
  listClients: () => listClients(db),
  saveClient: async (client: Client) => {
    if (!CLIENT_ID_PATTERN.test(client.id))
      throw new Error(`invalid client id '${client.id}' (a-z, 0-9, -; 2-63 chars)`)
    for (const role of client.roles) if (!NAME_PATTERN.test(role)) throw new Error(`invalid role '${role}'`)
    await upsertClient(db, client)
    return client
  },
  removeClient: (id: string) => removeClient(db, id),
  changeRole: async (op: 'add' | 'remove', email: string, resource: string, role: string) => {
    if (!NAME_PATTERN.test(resource) || !NAME_PATTERN.test(role))
      throw new Error('invalid resource or role name')
    const user = await findUserByEmail(db, email)
    if (!user) throw new Error(`no user with email ${email}`)
    const changed =
      op === 'add'
        ? await grantRole(db, user.id, resource, role)
        : await revokeRole(db, user.id, resource, role)
    return { user_id: user.id, email: user.email, resource, role, changed }
  },
  outbox: (limit = 50) => readOutbox(db, Math.min(Math.max(limit, 1), 500)),
  rotateKeys: async () => ({ kid: await createKeyRing(db, systemClock, keyRetentionSeconds).rotate() }),
  /**
   * Locks (disables) or unlocks an account. Locking ends every session and refresh-token family of the user, so
   * they are signed out everywhere; a disabled account cannot sign in or refresh.
   */
  setUserLocked: async (userId: string, locked: boolean) => {
    const user = await findUserById(db, userId)
    if (!user) throw new Error(`no user with id ${userId}`)
    const now = new Date()
    await updateUser(db, user.id, { disabled: locked }, now)
    if (locked) await revokeUserSessions(db, user.id, now, 'operator_lock')
    return { user_id: user.id, email: user.email, locked }
  },
  /** Signs everyone out: every token issued until now is rejected (realm `tokens-not-before`). */
  revokeAllTokens: async () => {
    const notBefore = Math.floor(Date.now() / 1000) + 1
    await setSetting(db, TOKENS_NOT_BEFORE, String(notBefore))
    return { tokens_not_before: notBefore }
  },
})

export type SsoAdmin = ReturnType<typeof createSsoAdmin>
