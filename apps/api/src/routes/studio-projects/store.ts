import { AppError, joinParagraphs, MAX_SYNTHESIS_CHARACTERS } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { checkLength } from '@loa/synthesis'
import { and, desc, eq, sql } from 'drizzle-orm'
import {
  MAX_STUDIO_PROJECTS,
  StudioProjectErrorCode,
  type ParagraphWire,
  type SettingsWire,
  type StudioProjectRow,
} from './wire.ts'

const p = t.studioProjects

export interface ProjectInput {
  title: string
  paragraphs: ParagraphWire[]
  settings?: SettingsWire
}

const notFound = () =>
  new AppError(StudioProjectErrorCode.STUDIO_PROJECT_NOT_FOUND, 'Studio project not found', 404)

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

/** The same limit as a synthesis: what cannot be synthesized is not kept either (400 TEXT_TOO_LONG). */
const checkSize = (input: ProjectInput) =>
  checkLength(joinParagraphs(input.paragraphs), MAX_SYNTHESIS_CHARACTERS)

const tidyTitle = (title: string) => title.trim().replace(/\s+/gu, ' ')

/** The list's columns: no paragraph text, only its count, size and first words. */
const summaryColumns = {
  id: p.id,
  title: p.title,
  revision: p.revision,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  paragraphCount: sql<number>`jsonb_array_length(${p.paragraphs})::int`,
  characters: sql<number>`(select coalesce(sum(char_length(e->>'text')), 0) from jsonb_array_elements(${p.paragraphs}) e)::int`,
  excerpt: sql<string>`left(trim(regexp_replace((select coalesce(string_agg(e->>'text', ' '), '') from jsonb_array_elements(${p.paragraphs}) e), '(<break[^>]*>|\\s)+', ' ', 'gi')), 120)`,
}

/**
 * Studio projects of one user. Every read and write names the owner, so someone else's project is simply not
 * found (404). Saves are optimistic: `save` names the revision it started from and fails with 409 when the
 * stored one moved on.
 */
export const studioProjectStore = (db: Db) => ({
  async list(userId: string, page: { offset: number; limit: number }) {
    const [rows, [count]] = await Promise.all([
      db
        .select(summaryColumns)
        .from(p)
        .where(eq(p.userId, userId))
        .orderBy(desc(p.updatedAt), desc(p.id))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(p)
        .where(eq(p.userId, userId)),
    ])
    return { total: count?.n ?? 0, items: rows }
  },

  async get(userId: string, id: string): Promise<StudioProjectRow> {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(p)
          .where(and(eq(p.id, id), eq(p.userId, userId)))
      : []
    if (!row) throw notFound()
    return row
  },

  async create(userId: string, input: ProjectInput): Promise<StudioProjectRow> {
    checkSize(input)
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(eq(p.userId, userId))
    if ((count?.n ?? 0) >= MAX_STUDIO_PROJECTS)
      throw new AppError(
        StudioProjectErrorCode.STUDIO_PROJECT_LIMIT_REACHED,
        `At most ${MAX_STUDIO_PROJECTS} studio projects; delete one to make room`,
        409,
        { details: { max_projects: MAX_STUDIO_PROJECTS } },
      )
    const [row] = await db
      .insert(p)
      .values({
        userId,
        title: tidyTitle(input.title),
        paragraphs: input.paragraphs,
        settings: input.settings ?? {},
      })
      .returning()
    return row!
  },

  /** Replaces title, paragraphs and settings when `revision` is the stored one; the revision grows by one. */
  async save(userId: string, id: string, revision: number, input: ProjectInput): Promise<StudioProjectRow> {
    checkSize(input)
    const [row] = isUuid(id)
      ? await db
          .update(p)
          .set({
            title: tidyTitle(input.title),
            paragraphs: input.paragraphs,
            ...(input.settings ? { settings: input.settings } : {}),
            revision: sql`${p.revision} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(p.id, id), eq(p.userId, userId), eq(p.revision, revision)))
          .returning()
      : []
    if (row) return row
    const current = await this.get(userId, id)
    throw new AppError(
      StudioProjectErrorCode.STUDIO_PROJECT_REVISION_CONFLICT,
      `The project was saved elsewhere (revision ${current.revision}, this save was based on ${revision}); open it again to continue`,
      409,
      { details: { revision: current.revision, updated_at: current.updatedAt.toISOString() } },
    )
  },

  /** Renames without touching the text; the revision grows, so an older save elsewhere cannot undo it. */
  async rename(userId: string, id: string, title: string): Promise<StudioProjectRow> {
    const [row] = isUuid(id)
      ? await db
          .update(p)
          .set({ title: tidyTitle(title), revision: sql`${p.revision} + 1`, updatedAt: new Date() })
          .where(and(eq(p.id, id), eq(p.userId, userId)))
          .returning()
      : []
    if (!row) throw notFound()
    return row
  },

  async remove(userId: string, id: string): Promise<void> {
    const rows = isUuid(id)
      ? await db
          .delete(p)
          .where(and(eq(p.id, id), eq(p.userId, userId)))
          .returning({ id: p.id })
      : []
    if (rows.length === 0) throw notFound()
  },
})
