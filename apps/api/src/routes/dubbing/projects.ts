import { randomUUID } from 'node:crypto'
import { AppError, DEFAULT_VOICE, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { parseSubtitles } from '@loa/dubbing'
import { importCues, projectLines, projectSpeakers } from '@loa/dubbing/server'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, line, pagination } from '../../lib/wire.ts'
import { asAppError, ownedProject } from './access.ts'
import { keepPastedSubtitles, reimportSubtitles } from './reimport.ts'
import { readUpload } from './uploads.ts'
import { projectDetail, projectDetailWire, projectWire, toProjectWire } from './wire.ts'

const idParams = z.object({ id: z.string().max(100) })
const security = [{ bearer: [] }]

const typesettingRule = z.object({
  styles: z
    .array(z.string().min(1).max(60))
    .max(50)
    .describe('Style names that are typesetting (a name matches itself and "NAME-…", "NAME_…")'),
  positioned: z.boolean().describe('Events placed with \\pos or \\move are typesetting'),
})

const createBody = z
  .object({
    name: line(200).optional(),
    subtitle_text: z.string().max(5_000_000).optional(),
    subtitle_key: z.string().max(500).optional(),
    voice_code: z.string().max(200).optional(),
    typesetting: typesettingRule
      .optional()
      .describe(
        'Which ASS events are typesetting, never spoken (default: styles Sign, TS, Song, OP, ED, Title… and events placed with \\pos/\\move)',
      ),
    speakers: z
      .array(z.string().min(1).max(60))
      .max(100)
      .optional()
      .describe(
        'Speaker names of the project: a "NAME:" prefix with one of them is a speaker even when seen once',
      ),
  })
  .refine((b) => (b.subtitle_text === undefined) !== (b.subtitle_key === undefined), {
    message: 'give subtitle_text or subtitle_key (an uploaded file)',
  })
  .meta({
    example: {
      name: 'Tập 1',
      subtitle_text: '1\n00:00:01,000 --> 00:00:03,000\nLAN: Xin chào!\n',
      voice_code: 'vi-north-female-mai',
    },
  })

/** Projects: list, create from subtitles, read (lines, speakers, last render), rename/settings, duplicate, delete. */
export const dubbingProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx

  app.get(
    '/dubbing/projects',
    {
      schema: {
        tags: ['dubbing'],
        summary: "The caller's dubbing projects (last changed first)",
        security,
        querystring: z.object(pagination(50, 200)),
        response: { 200: envelope(z.object({ items: z.array(projectWire) })) },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(t.dubbingProjects)
        .where(and(eq(t.dubbingProjects.userId, request.profile!.id), isNull(t.dubbingProjects.deletedAt)))
        .orderBy(desc(t.dubbingProjects.updatedAt))
        .offset(request.query.offset)
        .limit(request.query.limit)
      return ok({ items: rows.map(toProjectWire) })
    },
  )

  app.post(
    '/dubbing/projects',
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ['dubbing'],
        summary: 'Create a project from subtitles (SRT, WebVTT or ASS: text, or the key of an uploaded file)',
        security,
        body: createBody,
        response: { 200: envelope(projectDetailWire) },
      },
    },
    async (request) => {
      const b = request.body
      const userId = request.profile!.id
      const bytes =
        b.subtitle_key !== undefined
          ? await readUpload(app, b.subtitle_key, userId, 'subtitle')
          : new TextEncoder().encode(b.subtitle_text)
      const parsed = asAppError(() =>
        parseSubtitles(bytes, {
          ...(b.typesetting ? { typesetting: b.typesetting } : {}),
          ...(b.speakers ? { speakers: b.speakers } : {}),
        }),
      )
      const voiceCode = b.voice_code ?? DEFAULT_VOICE
      const id = randomUUID()
      // Pasted subtitles are kept like an uploaded file, so that the project can read them again (issue 29).
      const subtitleKey = b.subtitle_key ?? (await keepPastedSubtitles(app, id, parsed.format, bytes))
      const project = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t.dubbingProjects)
          .values({
            id,
            userId,
            name: b.name ?? `Dubbing ${new Date().toISOString().slice(0, 10)}`,
            subtitleFormat: parsed.format,
            subtitleKey,
            voiceCode,
            notices: parsed.notices,
            importOptions: {
              ...(b.typesetting ? { typesetting: b.typesetting } : {}),
              ...(b.speakers ? { speakers: b.speakers } : {}),
            },
          })
          .returning()
        await importCues(tx, row!.id, parsed, voiceCode)
        return row!
      })
      return ok(await projectDetail(db, project))
    },
  )

  app.get(
    '/dubbing/projects/:id',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'One project: lines, speakers and the last render',
        security,
        params: idParams,
        response: { 200: envelope(projectDetailWire) },
      },
    },
    async (request) =>
      ok(await projectDetail(db, await ownedProject(db, request.params.id, request.profile!.id))),
  )

  app.patch(
    '/dubbing/projects/:id',
    {
      schema: {
        tags: ['dubbing'],
        summary:
          "Rename a project or change its default voice and mix settings; a new `typesetting` rule reads the kept subtitle file again (its lines are replaced by the file's)",
        security,
        params: idParams,
        body: z
          .object({
            name: line(200).optional(),
            voice_code: z.string().max(200).optional(),
            duck_db: z.number().int().min(-60).max(0).optional(),
            mute_original: z.boolean().optional(),
            typesetting: typesettingRule
              .nullable()
              .optional()
              .describe(
                "Which ASS events are typesetting, stored with the project and applied at once: the subtitle file is read again and the project's lines replaced by its lines (edits to lines are lost; speakers and their voices are kept). null = the default rule. 409 DUBBING_SUBTITLES_NOT_KEPT when the file was not kept, DUBBING_RENDER_RUNNING while a render runs",
              ),
          })
          .meta({ example: { name: 'Tập 1 (bản cuối)', duck_db: -18 } }),
        response: { 200: envelope(projectWire) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const b = request.body
      if (b.typesetting !== undefined) await reimportSubtitles(app, project, b.typesetting)
      const [row] = await db
        .update(t.dubbingProjects)
        .set({
          ...(b.name !== undefined ? { name: b.name } : {}),
          ...(b.voice_code !== undefined ? { voiceCode: b.voice_code } : {}),
          ...(b.duck_db !== undefined ? { duckDb: b.duck_db } : {}),
          ...(b.mute_original !== undefined ? { muteOriginal: b.mute_original } : {}),
          updatedAt: new Date(),
        })
        .where(eq(t.dubbingProjects.id, project.id))
        .returning()
      return ok(toProjectWire(row!))
    },
  )

  app.post(
    '/dubbing/projects/:id/duplicate',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'Copy a project (lines, speakers, media and settings; not its renders)',
        security,
        params: idParams,
        response: { 200: envelope(projectWire) },
      },
    },
    async (request) => {
      const source = await ownedProject(db, request.params.id, request.profile!.id)
      const copy = await db.transaction(async (tx) => {
        const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = source
        const [row] = await tx
          .insert(t.dubbingProjects)
          .values({ ...fields, name: `${source.name} (2)`.slice(0, 200) })
          .returning()
        const lines = await projectLines(tx, source.id)
        if (lines.length > 0)
          await tx
            .insert(t.dubbingLines)
            .values(
              lines.map(({ id: _l, projectId: _p, updatedAt: _lu, ...l }) => ({ ...l, projectId: row!.id })),
            )
        const speakers = await projectSpeakers(tx, source.id)
        if (speakers.length > 0)
          await tx
            .insert(t.dubbingSpeakers)
            .values(speakers.map(({ id: _s, projectId: _p, ...s }) => ({ ...s, projectId: row!.id })))
        return row!
      })
      return ok(toProjectWire(copy))
    },
  )

  app.delete(
    '/dubbing/projects/:id',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'Delete a project (409 DUBBING_RENDER_RUNNING while one of its renders runs)',
        security,
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const running = await db
        .select({ id: t.dubbingRenders.id })
        .from(t.dubbingRenders)
        .where(and(eq(t.dubbingRenders.projectId, project.id), eq(t.dubbingRenders.status, 'IN_PROGRESS')))
      if (running.length > 0)
        throw new AppError(
          'DUBBING_RENDER_RUNNING',
          'Cancel the running render before deleting the project',
          409,
        )
      await db
        .update(t.dubbingProjects)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(t.dubbingProjects.id, project.id))
      return ok({ id: project.id, deleted: true as const })
    },
  )
}
