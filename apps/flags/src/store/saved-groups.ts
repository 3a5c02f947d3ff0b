import { eq } from 'drizzle-orm'
import { AppError } from '@loa/contracts'
import { type Db } from '@loa/db'
import { FlagsErrorCode } from '../error-codes.ts'
import { touchClientKeys } from '../payload.ts'
import { referencedGroups } from '../validate.ts'
import { audit, checkKey, type Conn, FE, G, notFound } from './shared.ts'

/** Saved groups (reusable audiences referenced by rules). */
export interface SavedGroupView {
  id: string
  name: string
  attribute_key: string
  values: (string | number)[]
  created_at: string
  updated_at: string
}

const groupView = (g: typeof G.$inferSelect): SavedGroupView => ({
  id: g.id,
  name: g.name,
  attribute_key: g.attributeKey,
  values: g.values,
  created_at: g.createdAt.toISOString(),
  updated_at: g.updatedAt.toISOString(),
})

export const listSavedGroups = async (db: Conn): Promise<SavedGroupView[]> =>
  (await db.select().from(G).orderBy(G.id)).map(groupView)

const getGroup = async (db: Conn, id: string) => {
  const [g] = await db.select().from(G).where(eq(G.id, id))
  if (!g) throw notFound(FlagsErrorCode.FLAG_SAVED_GROUP_NOT_FOUND, `Saved group '${id}'`)
  return g
}

export interface SavedGroupInput {
  id: string
  name?: string
  attribute_key?: string
  values: (string | number)[]
}

export const createSavedGroup = async (
  db: Db,
  actor: string,
  input: SavedGroupInput,
): Promise<SavedGroupView> => {
  checkKey(input.id, 'Saved group id')
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: G.id }).from(G).where(eq(G.id, input.id))
    if (exists)
      throw new AppError(
        FlagsErrorCode.FLAG_SAVED_GROUP_EXISTS,
        `Saved group '${input.id}' already exists`,
        409,
      )
    await tx.insert(G).values({
      id: input.id,
      name: input.name ?? input.id,
      attributeKey: input.attribute_key ?? 'id',
      values: [...new Set(input.values)],
    })
    const view = groupView(await getGroup(tx, input.id))
    await audit(tx, actor, 'saved_group.create', 'saved_group', input.id, null, view)
    await touchClientKeys(tx as unknown as Db)
    return view
  })
}

export const updateSavedGroup = async (
  db: Db,
  actor: string,
  id: string,
  input: Partial<Omit<SavedGroupInput, 'id'>>,
): Promise<SavedGroupView> =>
  db.transaction(async (tx) => {
    const before = groupView(await getGroup(tx, id))
    await tx
      .update(G)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.attribute_key !== undefined ? { attributeKey: input.attribute_key } : {}),
        ...(input.values !== undefined ? { values: [...new Set(input.values)] } : {}),
        updatedAt: new Date(),
      })
      .where(eq(G.id, id))
    const after = groupView(await getGroup(tx, id))
    await audit(tx, actor, 'saved_group.update', 'saved_group', id, before, after)
    await touchClientKeys(tx as unknown as Db)
    return after
  })

export const deleteSavedGroup = async (db: Db, actor: string, id: string): Promise<void> =>
  db.transaction(async (tx) => {
    const before = groupView(await getGroup(tx, id))
    const users = (await tx.select({ key: FE.featureKey, rules: FE.rules }).from(FE))
      .filter((e) => referencedGroups(e.rules).has(id))
      .map((e) => e.key)
    if (users.length)
      throw new AppError(
        FlagsErrorCode.FLAG_SAVED_GROUP_IN_USE,
        `Saved group '${id}' is used by ${[...new Set(users)].join(', ')}`,
        409,
        {
          details: { flags: [...new Set(users)] },
        },
      )
    await tx.delete(G).where(eq(G.id, id))
    await audit(tx, actor, 'saved_group.delete', 'saved_group', id, before, null)
    await touchClientKeys(tx as unknown as Db)
  })
