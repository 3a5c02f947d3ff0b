import { app as t, type Db } from '@loa/db'
import { and, count, desc, eq, inArray, isNull, max } from 'drizzle-orm'

/** One of a user's dubbing projects as the back-office lists it. */
export interface ProjectSummary {
  id: string
  name: string
  /** The latest render's status (IN_PROGRESS | SUCCESS | FAILURE | CANCELLED), or DRAFT before any render. */
  status: string
  /** The source media's length, else the end of the last subtitle line (ms); null for an empty project. */
  durationMs: number | null
  lines: number
  createdAt: Date
  updatedAt: Date
  lastRender: {
    id: string
    status: string
    characters: number
    /** Seconds of dubbed timeline charged (issue 28). */
    seconds: number
    createdAt: Date
    finishedAt: Date | null
  } | null
}

/** A user's dubbing projects (not deleted), most recently changed first, with their latest render. */
export const userProjectSummaries = async (db: Db, userId: string, limit = 20): Promise<ProjectSummary[]> => {
  const projects = await db
    .select()
    .from(t.dubbingProjects)
    .where(and(eq(t.dubbingProjects.userId, userId), isNull(t.dubbingProjects.deletedAt)))
    .orderBy(desc(t.dubbingProjects.updatedAt))
    .limit(limit)
  if (!projects.length) return []
  const ids = projects.map((p) => p.id)
  const [lines, renders] = await Promise.all([
    db
      .select({ projectId: t.dubbingLines.projectId, n: count(), end: max(t.dubbingLines.endMs) })
      .from(t.dubbingLines)
      .where(inArray(t.dubbingLines.projectId, ids))
      .groupBy(t.dubbingLines.projectId),
    db
      .selectDistinctOn([t.dubbingRenders.projectId])
      .from(t.dubbingRenders)
      .where(inArray(t.dubbingRenders.projectId, ids))
      .orderBy(t.dubbingRenders.projectId, desc(t.dubbingRenders.createdAt)),
  ])
  return projects.map((p) => {
    const counted = lines.find((l) => l.projectId === p.id)
    const last = renders.find((r) => r.projectId === p.id)
    return {
      id: p.id,
      name: p.name,
      status: last?.status ?? 'DRAFT',
      durationMs: p.mediaDurationMs ?? counted?.end ?? null,
      lines: counted?.n ?? 0,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      lastRender: last
        ? {
            id: last.id,
            status: last.status,
            characters: last.characters,
            seconds: last.seconds,
            createdAt: last.createdAt,
            finishedAt: last.finishedAt,
          }
        : null,
    }
  })
}
