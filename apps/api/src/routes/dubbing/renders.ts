import { AppError, DUBBING_RENDER_FILES, ok, type DubbingRenderFile } from '@loa/contracts'
import { app as t } from '@loa/db'
import { dubbingRenderJobSpec, finishRender, startRender, watchRender } from '@loa/dubbing/server'
import { desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendEventStream } from '../../lib/event-stream.ts'
import { viaStorage } from '../../lib/storage-errors.ts'
import { envelope } from '../../lib/wire.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import { ownedProject, ownedRender } from './access.ts'
import { renderWire, toRenderWire } from './wire.ts'

const security = [{ bearer: [] }]
export const DUBBING_EVENTS_ROUTE = '/dubbing/renders/:id/events'

const FILE_NAMES: Record<DubbingRenderFile, string> = {
  track_mp3: 'dub.mp3',
  track_wav: 'dub.wav',
  mix_mp3: 'mix.mp3',
  video_mp4: 'video.mp4',
  srt: 'dub.srt',
  vtt: 'dub.vtt',
  report_json: 'fit-report.json',
  report_csv: 'fit-report.csv',
}

/** Renders: start (whole project or one line), read, list, cancel, progress events (SSE), downloads. */
export const dubbingRenderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, ledger } = app.ctx

  const start = async (projectId: string, userId: string, lineId?: string) => {
    const queue = app.ctx.queue
    if (!queue) throw new AppError('SERVICE_UNAVAILABLE', 'The job queue is not configured', 503)
    const row = await startRender(db, ledger, { projectId, userId, ...(lineId ? { lineId } : {}) })
    try {
      await queue.enqueue(dubbingRenderJobSpec, { renderId: row.id }, { jobId: row.id })
    } catch (error) {
      await finishRender(db, row.id, {
        status: 'FAILURE',
        code: 'DUBBING_RENDER_FAILED',
        message: String(error),
      })
      throw error
    }
    return row
  }

  // `Idempotency-Key` on the calls that reserve credits: a retry answers the first render (issue 37).
  const once = idempotent(db, (request) => `user:${request.profile!.id}`)

  app.post(
    '/dubbing/projects/:id/render',
    {
      ...once,
      schema: {
        tags: ['dubbing'],
        summary:
          'Render the dub (a job): the seconds of dubbed timeline (first subtitle start to last subtitle end, rounded up) are reserved from the DUBBING credits now, charged once on success, released on cancel or failure',
        security,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelope(renderWire) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      return ok(toRenderWire(await start(project.id, request.profile!.id)))
    },
  )

  app.post(
    '/dubbing/projects/:id/lines/:lineId/regenerate',
    {
      ...once,
      schema: {
        tags: ['dubbing'],
        summary:
          'Regenerate one line: a new render in which only that line is synthesized again (the others come from the sentence cache) and only its span (seconds) is charged',
        security,
        params: z.object({ id: z.string().max(100), lineId: z.string().max(100) }),
        response: { 200: envelope(renderWire) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      return ok(toRenderWire(await start(project.id, request.profile!.id, request.params.lineId)))
    },
  )

  app.get(
    '/dubbing/projects/:id/renders',
    {
      schema: {
        tags: ['dubbing'],
        summary: "A project's renders (newest first)",
        security,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelope(z.object({ items: z.array(renderWire) })) },
      },
    },
    async (request) => {
      const project = await ownedProject(db, request.params.id, request.profile!.id)
      const rows = await db
        .select()
        .from(t.dubbingRenders)
        .where(eq(t.dubbingRenders.projectId, project.id))
        .orderBy(desc(t.dubbingRenders.createdAt))
        .limit(20)
      return ok({ items: rows.map(toRenderWire) })
    },
  )

  app.get(
    '/dubbing/renders/:id',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'One render: status, progress, summary, files',
        security,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelope(renderWire) },
      },
    },
    async (request) => ok(toRenderWire(await ownedRender(db, request.params.id, request.profile!.id))),
  )

  app.delete(
    '/dubbing/renders/:id',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'Cancel a running render (its credits are released; the project stays editable)',
        security,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelope(renderWire) },
      },
    },
    async (request) => {
      const row = await ownedRender(db, request.params.id, request.profile!.id)
      const cancelled = await finishRender(db, row.id, { status: 'CANCELLED' })
      if (cancelled) await app.ctx.queue?.cancel(row.id).catch(() => false)
      return ok(toRenderWire(cancelled ?? row))
    },
  )

  app.get(
    DUBBING_EVENTS_ROUTE,
    {
      schema: {
        tags: ['dubbing'],
        summary: 'Server-sent progress events (`progress`, then one `done`); token header or ?access_token=',
        security,
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ access_token: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const row = await ownedRender(db, request.params.id, request.profile!.id)
      await sendEventStream(reply, async function* (signal) {
        for await (const state of watchRender(db, row.id, signal))
          yield {
            event: state.status === 'IN_PROGRESS' ? 'progress' : 'done',
            id: state.progress,
            data: toRenderWire(state),
          }
      })
    },
  )

  app.get(
    '/dubbing/renders/:id/download',
    {
      schema: {
        tags: ['dubbing'],
        summary:
          'Signed, expiring link to one file: the dub (track_mp3|track_wav), the mix (mix_mp3), the muxed video (video_mp4), adjusted subtitles (srt|vtt), the fit report (report_json|report_csv)',
        security,
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ file: z.enum(DUBBING_RENDER_FILES).default('track_mp3') }),
        response: { 200: envelope(z.object({ url: z.string(), file: z.string(), expires_at: z.string() })) },
      },
    },
    async (request) => {
      const row = await ownedRender(db, request.params.id, request.profile!.id)
      if (row.status !== 'SUCCESS')
        throw new AppError('DUBBING_RENDER_NOT_READY', 'The render has not finished', 409)
      const files = (row.files ?? {}) as Record<string, string | null>
      const key = files[request.query.file]
      if (!key) {
        if (files.mix_error)
          throw new AppError(files.mix_error, 'ffmpeg is not installed on the server: no mix or video', 409)
        throw new AppError('DUBBING_NO_MEDIA', 'This render has no such file (no media was uploaded)', 404)
      }
      const expiresIn = 3600
      const url = await viaStorage(() =>
        app.ctx.storage!.signedDownloadUrl(key, {
          expiresInSeconds: expiresIn,
          filename: FILE_NAMES[request.query.file],
        }),
      )
      return ok({
        url,
        file: request.query.file,
        expires_at: new Date(Date.now() + expiresIn * 1000).toISOString(),
      })
    },
  )
}
