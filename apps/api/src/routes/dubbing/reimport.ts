import { AppError } from '@loa/contracts'
import { app as t } from '@loa/db'
import { DEFAULT_TYPESETTING, parseSubtitles, type TypesettingRule } from '@loa/dubbing'
import { importCues } from '@loa/dubbing/server'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { viaStorage } from '../../lib/storage-errors.ts'
import { asAppError } from './access.ts'
import type { ProjectRow } from './wire.ts'

/** How a project's subtitles were read (`dubbing_projects.import_options`). */
export interface ImportOptions {
  typesetting?: TypesettingRule
  speakers?: string[]
}

export const importOptionsOf = (p: ProjectRow): ImportOptions => (p.importOptions ?? {}) as ImportOptions

/** The typesetting rule in effect for a project: its own, else the default. */
export const typesettingOf = (p: ProjectRow): TypesettingRule =>
  importOptionsOf(p).typesetting ?? DEFAULT_TYPESETTING

/**
 * Keeps pasted subtitles in storage (an uploaded file is kept already), so that the project can read them again
 * under another typesetting rule; answers the key, or null without file storage.
 */
export const keepPastedSubtitles = async (
  app: FastifyInstance,
  projectId: string,
  format: string,
  bytes: Uint8Array,
): Promise<string | null> => {
  const storage = app.ctx.storage
  if (!storage) return null
  const key = `dubbing/${projectId}/source/subtitles.${format}`
  await viaStorage(() => storage.put(key, bytes, { contentType: 'text/plain; charset=utf-8' }))
  return key
}

/**
 * Reads the project's subtitles again under `typesetting` (null = the default rule) with the speakers it listed
 * at creation (issue 29): its lines and notices are replaced by the file's (edits to lines are lost; speakers and
 * their voices are kept), the rule is stored with the project. Refused while a render runs, and for a project
 * whose subtitles were not kept (created before they were, or without file storage).
 */
export const reimportSubtitles = async (
  app: FastifyInstance,
  project: ProjectRow,
  typesetting: TypesettingRule | null,
): Promise<void> => {
  const { db, storage } = app.ctx
  if (!project.subtitleKey || !storage)
    throw new AppError(
      'DUBBING_SUBTITLES_NOT_KEPT',
      "This project's subtitle file was not kept: create the project again to read it under another rule",
      409,
    )
  const key = project.subtitleKey
  const bytes = await viaStorage(() => storage.getBytes(key))
  const { typesetting: _old, ...kept } = importOptionsOf(project)
  const options: ImportOptions = { ...kept, ...(typesetting ? { typesetting } : {}) }
  const parsed = asAppError(() => parseSubtitles(bytes, options))
  await db.transaction(async (tx) => {
    const [running] = await tx
      .select({ id: t.dubbingRenders.id })
      .from(t.dubbingRenders)
      .where(and(eq(t.dubbingRenders.projectId, project.id), eq(t.dubbingRenders.status, 'IN_PROGRESS')))
    if (running)
      throw new AppError(
        'DUBBING_RENDER_RUNNING',
        'Cancel the running render before reading the subtitles again',
        409,
      )
    await tx
      .update(t.dubbingProjects)
      .set({
        subtitleFormat: parsed.format,
        notices: parsed.notices,
        importOptions: options,
        updatedAt: new Date(),
      })
      .where(eq(t.dubbingProjects.id, project.id))
    await importCues(tx, project.id, parsed, project.voiceCode)
  })
}
