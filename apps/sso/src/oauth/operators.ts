import type { SsoContext } from '../context.ts'
import { findUserById, grantRole } from '../store/users.ts'

/**
 * ADMIN_EMAILS: an account whose email is verified and listed gets the operator roles (ADMIN_ROLES) when it signs
 * in — the same rows `loa sso user role add <email> loa-api admin` writes, so the tokens issued next carry them.
 * Unverified emails never qualify (anyone can sign up with any address). Returns the roles newly granted.
 */
export const grantOperatorRoles = async (ctx: SsoContext, userId: string): Promise<string[]> => {
  const { adminEmails, adminRoles } = ctx.config
  if (adminEmails.length === 0) return []
  const user = await findUserById(ctx.db, userId)
  if (!user?.emailVerified || !adminEmails.includes(user.email.toLowerCase())) return []
  const granted: string[] = []
  for (const { resource, role } of adminRoles)
    if (await grantRole(ctx.db, user.id, resource, role)) granted.push(`${resource}:${role}`)
  return granted
}
