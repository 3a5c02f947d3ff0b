import { and, desc, eq, lt, type SQL } from 'drizzle-orm'
import { A, type Conn } from './shared.ts'

/** The audit log of every admin change. */
export interface AuditView {
  id: number
  at: string
  actor: string
  action: string
  entity_type: string
  entity_id: string
  before: unknown
  after: unknown
}

export const listAudit = async (
  db: Conn,
  filter: { entityType?: string; entityId?: string; limit?: number; beforeId?: number } = {},
): Promise<AuditView[]> => {
  const where: SQL[] = []
  if (filter.entityType) where.push(eq(A.entityType, filter.entityType))
  if (filter.entityId) where.push(eq(A.entityId, filter.entityId))
  if (filter.beforeId) where.push(lt(A.id, filter.beforeId))
  const rows = await db
    .select()
    .from(A)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(A.id))
    .limit(Math.min(Math.max(filter.limit ?? 50, 1), 500))
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    before: r.before,
    after: r.after,
  }))
}
