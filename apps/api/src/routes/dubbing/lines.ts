import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { DEFAULT_FIT, encodeTrack, lineWindows, renderLine, speakerName } from '@loa/dubbing'
import { projectLines, projectSpeakers, renderInputOf } from '@loa/dubbing/server'
import { sentenceCacheFor } from '@loa/synthesis'
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, line } from '../../lib/wire.ts'
import { ownedProject } from './access.ts'
import { speakerWire } from './wire.ts'

const security = [{ bearer: [] }]
const lineParams = z.object({ id: z.string().max(100), lineId: z.string().max(100) })
const MAX_LINE_CHARACTERS = 1000

/** Lines (edit text, times, speaker; add; delete; preview one) and speakers (voice and speed). */
export const dubbingLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx

  const ownedLine = async (projectId: string, lineId: string) => {
    const [row] = /^[0-9a-f-]{36}$/i.test(lineId)
      ? await db
          .select()
          .from(t.dubbingLines)
          .where(and(eq(t.dubbingLines.id, lineId), eq(t.dubbingLines.projectId, projectId)))
      : []
    if (!row) throw new AppError('DUBBING_LINE_NOT_FOUND', 'Line not found', 404)
    return row
  }

  const touch = (projectId: string) =>
    db.update(t.dubbingProjects).set({ updatedAt: new Date() }).where(eq(t.dubbingProjects.id, projectId))

  const lineBody = z
    .object({
      text: z.string().max(MAX_LINE_CHARACTERS).optional(),
      start_ms: z.number().int().min(0).optional(),
      end_ms: z.number().int().min(1).optional(),
      speaker: line(60).nullable().optional(),
      fix: z
        .object({
          max_speedup: z.number().min(1).max(3).optional(),
          borrow_next_gap: z.boolean().optional(),
          accept_overrun: z.boolean().optional(),
        })
        .nullable()
        .optional(),
    })
    .meta({ example: { text: 'LAN: Xin chào cả nhà!', start_ms: 1000, end_ms: 3200, speaker: 'Lan' } })

  /** A speaker named on a line exists in the project (with the project's default voice). */
  const ensureSpeaker = async (projectId: string, name: string, voiceCode: string) => {
    const known = await projectSpeakers(db, projectId)
    if (!known.some((s) => s.name === name))
      await db.insert(t.dubbingSpeakers).values({ projectId, name, voiceCode })
  }

  app.patch(
    '/dubbing/projects/:id/lines/:lineId',
    {
      schema: {
        tags: ['dubbing'],
        summary: "Edit a line's text, times, speaker or fix (when it did not fit)",
        security,
        params: lineParams,
        body: lineBody,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const current = await ownedLine(project.id, request.params.lineId)
      const b = request.body
      const startMs = b.start_ms ?? current.startMs
      const endMs = b.end_ms ?? current.endMs
      if (endMs <= startMs)
        throw new AppError('DUBBING_BAD_TIMESTAMP', 'The line must end after it starts', 400)
      const speaker =
        b.speaker === undefined ? current.speaker : b.speaker === null ? null : speakerName(b.speaker)
      if (speaker) await ensureSpeaker(project.id, speaker, project.voiceCode)
      const fix =
        b.fix === undefined
          ? current.fix
          : b.fix === null
            ? null
            : {
                ...(b.fix.max_speedup !== undefined ? { maxSpeedup: b.fix.max_speedup } : {}),
                ...(b.fix.borrow_next_gap ? { borrowNextGap: true } : {}),
                ...(b.fix.accept_overrun ? { acceptOverrun: true } : {}),
              }
      await db
        .update(t.dubbingLines)
        .set({ text: b.text ?? current.text, startMs, endMs, speaker, fix, fit: null, updatedAt: new Date() })
        .where(eq(t.dubbingLines.id, current.id))
      await touch(project.id)
      return ok({ id: current.id })
    },
  )

  app.post(
    '/dubbing/projects/:id/lines',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'Add a line',
        security,
        params: z.object({ id: z.string().max(100) }),
        body: z.object({
          text: z.string().min(1).max(MAX_LINE_CHARACTERS),
          start_ms: z.number().int().min(0),
          end_ms: z.number().int().min(1),
          speaker: line(60).nullable().optional(),
        }),
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const b = request.body
      if (b.end_ms <= b.start_ms)
        throw new AppError('DUBBING_BAD_TIMESTAMP', 'The line must end after it starts', 400)
      const speaker = b.speaker ? speakerName(b.speaker) : null
      if (speaker) await ensureSpeaker(project.id, speaker, project.voiceCode)
      const count = (await projectLines(db, project.id)).length
      const [row] = await db
        .insert(t.dubbingLines)
        .values({
          projectId: project.id,
          position: count + 1,
          startMs: b.start_ms,
          endMs: b.end_ms,
          speaker,
          text: b.text,
        })
        .returning({ id: t.dubbingLines.id })
      await touch(project.id)
      return ok({ id: row!.id })
    },
  )

  app.delete(
    '/dubbing/projects/:id/lines/:lineId',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'Delete a line',
        security,
        params: lineParams,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const current = await ownedLine(project.id, request.params.lineId)
      await db.delete(t.dubbingLines).where(eq(t.dubbingLines.id, current.id))
      await touch(project.id)
      return ok({ id: current.id, deleted: true as const })
    },
  )

  app.put(
    '/dubbing/projects/:id/speakers/:name',
    {
      schema: {
        tags: ['dubbing'],
        summary: "Set a speaker's voice and speed (creates the speaker when new)",
        security,
        params: z.object({ id: z.string().max(100), name: line(60) }),
        body: z
          .object({ voice_code: z.string().max(200), speed: z.number().min(0.5).max(1.5).default(1) })
          .meta({ example: { voice_code: 'vi-south-male-kien', speed: 1.1 } }),
        response: { 200: envelope(speakerWire) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const name = speakerName(request.params.name)
      const [voice] = await db
        .select({ hasDubbing: t.voices.hasDubbing })
        .from(t.voices)
        .where(eq(t.voices.code, request.body.voice_code))
      if (!voice) throw new AppError('VOICE_NOT_FOUND', 'Voice not found', 404)
      if (!voice.hasDubbing)
        throw new AppError('DUBBING_VOICE_NOT_AVAILABLE', 'This voice is not available for dubbing', 400)
      const set = { voiceCode: request.body.voice_code, speed: request.body.speed }
      const [existing] = await db
        .select()
        .from(t.dubbingSpeakers)
        .where(and(eq(t.dubbingSpeakers.projectId, project.id), eq(t.dubbingSpeakers.name, name)))
      const [row] = existing
        ? await db.update(t.dubbingSpeakers).set(set).where(eq(t.dubbingSpeakers.id, existing.id)).returning()
        : await db
            .insert(t.dubbingSpeakers)
            .values({ projectId: project.id, name, ...set })
            .returning()
      await touch(project.id)
      return ok({ id: row!.id, name: row!.name, voice_code: row!.voiceCode, speed: row!.speed })
    },
  )

  app.post(
    '/dubbing/projects/:id/lines/:lineId/preview',
    {
      schema: {
        tags: ['dubbing'],
        summary:
          "Hear one line as it will be placed (fitted to its slot with the speaker's voice and speed); MP3, free",
        security,
        params: lineParams,
      },
    },
    async (request, reply) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const target = await ownedLine(project.id, request.params.lineId)
      const input = await renderInputOf(db, project.id)
      const at = input.lines.findIndex((l) => l.id === target.id)
      if (at < 0) throw new AppError('DUBBING_NO_CUES', 'The line has no text to speak', 400)
      const windows = lineWindows(input.lines, DEFAULT_FIT, project.mediaDurationMs ?? undefined)
      const rendered = await renderLine(
        input.lines[at]!,
        windows[at]!,
        app.ctx.storage ? { cache: sentenceCacheFor(app.ctx.storage) } : {},
      )
      const { pcm: _pcm, ...fit } = rendered
      const audio = await encodeTrack(rendered.pcm, 22050, 'mp3')
      void reply.header('content-type', 'audio/mpeg').header(
        'x-dubbing-fit',
        JSON.stringify({
          action: fit.action,
          speed: fit.speed,
          stretch: fit.stretch,
          overflow_ms: fit.overflowMs,
        }),
      )
      return reply.send(Buffer.from(audio))
    },
  )
}
