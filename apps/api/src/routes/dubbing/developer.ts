import { AppError, DEFAULT_VOICE, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { parseSubtitles, speakerName } from '@loa/dubbing'
import {
  dubbingRenderJobSpec,
  dubbingResultPayload,
  fetchSubtitleUrl,
  finishRender,
  importCues,
  startRender,
} from '@loa/dubbing/server'
import { CallbackTargetError } from '@loa/synthesis'
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../lib/wire.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { checkCallbackUrl } from '../api-apps/index.ts'
import { asAppError, toAppError } from './access.ts'

const body = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    subtitle_text: z.string().max(5_000_000).optional(),
    subtitle_url: z.string().max(2_000).optional(),
    voice_code: z.string().max(200).optional(),
    speakers: z
      .record(
        z.string().max(60),
        z.object({ voice_code: z.string().max(200), speed: z.number().min(0.5).max(1.5).optional() }),
      )
      .optional(),
    callback_url: z.string().max(2_000).optional(),
  })
  .refine((b) => (b.subtitle_text === undefined) !== (b.subtitle_url === undefined), {
    message: 'give subtitle_text or subtitle_url',
  })
  .meta({
    example: {
      subtitle_text:
        '1\n00:00:01,000 --> 00:00:03,000\nLAN: Xin chào!\n\n2\n00:00:03,500 --> 00:00:05,000\nMINH: Chào em.\n',
      speakers: {
        Lan: { voice_code: 'hn_female_thuha_news' },
        Minh: { voice_code: 'sg_male_hoangphuc_film', speed: 1.1 },
      },
      callback_url: 'https://example.com/loa/dubbing-callback',
    },
  })

const result = z.object({
  render_id: z.string(),
  project_id: z.string(),
  app_id: z.string().nullable(),
  status: z.string(),
  characters: z.number(),
  seconds_charged: z
    .number()
    .describe('Seconds of dubbed timeline charged to the DUBBING credits (0 unless SUCCESS)'),
  duration_ms: z.number().nullable(),
  summary: z.unknown().nullable(),
  links: z.record(z.string(), z.string()),
  error_code: z.string().nullable(),
  created_at: z.string(),
})

/**
 * The developer dubbing API: `Authorization: Bearer <app token>`. Subtitles as text or an SSRF-safe URL, a voice
 * per speaker, an optional signed callback (the /tts callbacks). Credits come from the app owner's DUBBING wallet.
 */
export const dubbingDeveloperRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiApps } = synthesisContext(app)
  const { db, ledger, config } = app.ctx

  app.post(
    '/dubbing',
    {
      // `Idempotency-Key`: a retried create answers the first render again and charges once (issue 33).
      ...idempotent(
        db,
        async (request) => `app:${(await apiApps.authenticate(request.headers.authorization)).id}`,
      ),
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ['dubbing'],
        summary:
          'Developer API: dub subtitles (text or URL) with a voice per speaker; result by callback or GET',
        description:
          'Send `Idempotency-Key: <your key>` to make retries safe: the same key and body within 24 hours answer ' +
          'the first render again (`idempotent-replayed: true`) and charge once; another body with the key is a ' +
          '409 `IDEMPOTENCY_KEY_REUSED`.',
        security: [{ appToken: [] }],
        body,
        response: { 200: envelope(result) },
      },
    },
    async (request) => {
      const apiApp = await apiApps.authenticate(request.headers.authorization)
      const b = request.body
      const callbackUrl = b.callback_url ?? apiApp.callbackUrl ?? undefined
      if (callbackUrl) await checkCallbackUrl(callbackUrl, config.synthesis.callbackAllowHosts)
      let bytes: Uint8Array
      try {
        bytes =
          b.subtitle_url !== undefined
            ? await fetchSubtitleUrl(b.subtitle_url, config.synthesis.callbackAllowHosts)
            : new TextEncoder().encode(b.subtitle_text)
      } catch (error) {
        if (error instanceof CallbackTargetError)
          throw new AppError(error.code, error.message.replace('callback_url', 'subtitle_url'), 400)
        throw toAppError(error)
      }
      // The speakers the request gives voices to are the project's listed speakers.
      const parsed = asAppError(() => parseSubtitles(bytes, { speakers: Object.keys(b.speakers ?? {}) }))
      const voiceCode = b.voice_code ?? DEFAULT_VOICE
      const userId = apiApp.userId
      const project = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t.dubbingProjects)
          .values({
            userId,
            name: b.name ?? `API ${new Date().toISOString()}`,
            subtitleFormat: parsed.format,
            voiceCode,
            notices: parsed.notices,
          })
          .returning()
        await importCues(tx, row!.id, parsed, voiceCode)
        for (const [name, s] of Object.entries(b.speakers ?? {})) {
          const set = { voiceCode: s.voice_code, speed: s.speed ?? 1 }
          const where = and(
            eq(t.dubbingSpeakers.projectId, row!.id),
            eq(t.dubbingSpeakers.name, speakerName(name)),
          )
          const updated = await tx.update(t.dubbingSpeakers).set(set).where(where).returning()
          if (updated.length === 0)
            await tx.insert(t.dubbingSpeakers).values({ projectId: row!.id, name: speakerName(name), ...set })
        }
        return row!
      })
      const render = await startRender(db, ledger, {
        projectId: project.id,
        userId,
        source: 'API',
        apiAppId: apiApp.id,
        ...(callbackUrl ? { callbackUrl } : {}),
      })
      try {
        await app.ctx.queue!.enqueue(dubbingRenderJobSpec, { renderId: render.id }, { jobId: render.id })
      } catch (error) {
        await finishRender(db, render.id, {
          status: 'FAILURE',
          code: 'DUBBING_RENDER_FAILED',
          message: String(error),
        })
        throw error
      }
      return ok(await dubbingResultPayload(render, app.ctx.storage!))
    },
  )

  app.get(
    '/dubbing/:render_id',
    {
      schema: {
        tags: ['dubbing'],
        summary: 'Developer API: a render of this app (status, fit summary, signed links to the files)',
        security: [{ appToken: [] }],
        params: z.object({ render_id: z.string().max(100) }),
        response: { 200: envelope(result) },
      },
    },
    async (request) => {
      const apiApp = await apiApps.authenticate(request.headers.authorization)
      const id = request.params.render_id
      const [row] = /^[0-9a-f-]{36}$/i.test(id)
        ? await db
            .select()
            .from(t.dubbingRenders)
            .where(and(eq(t.dubbingRenders.id, id), eq(t.dubbingRenders.apiAppId, apiApp.id)))
        : []
      if (!row) throw new AppError('DUBBING_RENDER_NOT_FOUND', 'Dubbing render not found', 404)
      return ok(await dubbingResultPayload(row, app.ctx.storage!))
    },
  )
}
