import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { isDubbingError } from '@loa/dubbing'
import { and, eq, isNull } from 'drizzle-orm'
import type { ProjectRow } from './wire.ts'

/** The caller's project, or 404 DUBBING_PROJECT_NOT_FOUND (someone else's reads as missing). */
export const ownedProject = async (db: Db, id: string, userId: string): Promise<ProjectRow> => {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .select()
        .from(t.dubbingProjects)
        .where(
          and(
            eq(t.dubbingProjects.id, id),
            eq(t.dubbingProjects.userId, userId),
            isNull(t.dubbingProjects.deletedAt),
          ),
        )
    : []
  if (!row) throw new AppError('DUBBING_PROJECT_NOT_FOUND', 'Dubbing project not found', 404)
  return row
}

export const ownedRender = async (db: Db, id: string, userId: string) => {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .select()
        .from(t.dubbingRenders)
        .where(and(eq(t.dubbingRenders.id, id), eq(t.dubbingRenders.userId, userId)))
    : []
  if (!row) throw new AppError('DUBBING_RENDER_NOT_FOUND', 'Dubbing render not found', 404)
  return row
}

/** Subtitle and media problems as the API's coded 400 (with the line number when there is one). */
export const asAppError = <T>(fn: () => T): T => {
  try {
    return fn()
  } catch (error) {
    throw toAppError(error)
  }
}

export const toAppError = (error: unknown): unknown =>
  isDubbingError(error)
    ? new AppError(error.code, error.message, error.code === 'DUBBING_FFMPEG_MISSING' ? 409 : 400, {
        details:
          error.line !== undefined
            ? { line: error.line, ...(error.cue !== undefined ? { cue: error.cue } : {}) }
            : undefined,
      })
    : error
