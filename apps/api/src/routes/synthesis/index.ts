import { DEFAULT_VOICE, ok } from '@loa/contracts'
import { DOWNLOAD_FORMATS } from '@loa/synthesis'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, pagination } from '../../lib/wire.ts'
import { acceptQueryToken } from '../../lib/event-stream.ts'
import { viaStorage } from '../../lib/storage-errors.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import { signedIn } from '../../plugins/profile.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { streamEvents } from './events.ts'
import {
  pausesBody,
  previewWire,
  requestPage,
  synthesisDetailWire,
  synthesisWire,
  toPauses,
  toPreviewWire,
  toSynthesisDetailWire,
  toSynthesisWire,
} from './wire.ts'

/** JSON body limit of synthesis requests: 100,000 Vietnamese characters are up to ~300 KB of UTF-8. */
export const SYNTHESIS_BODY_LIMIT = 2 * 1024 * 1024

const createBody = z.object({
  text: z.string().optional(),
  voice_code: z.string().max(200).optional(),
  speed: z.number().optional(),
  paragraphs: z
    .array(z.object({ text: z.string(), voice_code: z.string().max(200), speed: z.number().optional() }))
    .optional(),
  pauses: pausesBody.optional(),
  audio_type: z.enum(['mp3', 'wav']).default('mp3'),
  bitrate: z.number().int().default(128),
  sample_rate: z.number().int().default(22050),
  title: z.string().max(200).optional(),
})

const idParams = z.object({ id: z.string().max(100) })

/** The only route that reads a token from the query (EventSource cannot send an Authorization header). */
const EVENTS_ROUTE = '/synthesis/:id/events'

/**
 * Studio synthesis (signed in): create, read, history, cancel/delete, progress events, downloads and the
 * free normalization preview.
 */
export const synthesisRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptQueryToken(app, EVENTS_ROUTE)
  signedIn(app)
  const { db, storage } = app.ctx
  const { synthesis } = synthesisContext(app)

  app.post(
    '/synthesis',
    {
      // A retry with the same Idempotency-Key gets the first answer; nothing is reserved twice.
      ...idempotent(db, (request) => `user:${request.profile!.id}`),
      bodyLimit: SYNTHESIS_BODY_LIMIT,
      schema: {
        tags: ['synthesis'],
        summary: 'Start a synthesis (credits reserved now, charged on success)',
        security: [{ bearer: [] }],
        body: createBody,
        response: { 200: envelope(synthesisWire) },
      },
    },
    async (request) => {
      const b = request.body
      const paragraphs = b.paragraphs?.length
        ? b.paragraphs.map((p) => ({ text: p.text, voice: p.voice_code, speed: p.speed ?? b.speed ?? 1 }))
        : b.text !== undefined
          ? [{ text: b.text, voice: b.voice_code ?? DEFAULT_VOICE, speed: b.speed ?? 1 }]
          : []
      const row = await synthesis.create(
        {
          paragraphs,
          audioType: b.audio_type,
          bitrate: b.bitrate,
          sampleRate: b.sample_rate,
          pauses: toPauses(b.pauses),
          title: b.title,
        },
        { userId: request.profile!.id, source: 'STUDIO' },
      )
      return ok(await toSynthesisWire(row, storage))
    },
  )

  app.post(
    '/synthesis/preview',
    {
      bodyLimit: SYNTHESIS_BODY_LIMIT,
      schema: {
        tags: ['synthesis'],
        summary:
          "How a text will be read (normalized text + source map) with the caller's pronunciation dictionary; free",
        security: [{ bearer: [] }],
        body: z.object({ text: z.string(), voice_code: z.string().max(200).optional() }),
        response: { 200: envelope(previewWire) },
      },
    },
    async (request) => {
      const { text, voice_code } = request.body
      return ok(toPreviewWire(await synthesis.preview(request.profile!.id, text, voice_code)))
    },
  )

  app.get(
    '/synthesis',
    {
      schema: {
        tags: ['synthesis'],
        summary: 'History (newest first), searchable by text',
        security: [{ bearer: [] }],
        querystring: z.object({
          ...pagination(20, 100),
          q: z.string().trim().max(200).optional(),
          status: z.enum(['IN_PROGRESS', 'SUCCESS', 'FAILURE', 'CANCELLED']).optional(),
          source: z.enum(['STUDIO', 'API', 'STREAM', 'ALL']).default('STUDIO'),
        }),
        response: {
          200: envelope(z.object({ total: z.number(), items: z.array(synthesisWire) })),
        },
      },
    },
    async (request) => {
      const { offset, limit, ...query } = request.query
      const where = synthesis.historyWhere({ userId: request.profile!.id, ...query })
      return ok(await requestPage(db, storage, where, { offset, limit }))
    },
  )

  app.get(
    '/synthesis/:id',
    {
      schema: {
        tags: ['synthesis'],
        summary: 'One request: status, progress, links',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelope(synthesisDetailWire) },
      },
    },
    async (request) => {
      const row = await synthesis.find(request.params.id, { userId: request.profile!.id })
      return ok(await toSynthesisDetailWire(row, storage))
    },
  )

  app.delete(
    '/synthesis/:id',
    {
      schema: {
        tags: ['synthesis'],
        summary: 'Cancel a running request (credits released) or delete a finished one',
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: envelope(z.object({ request_id: z.string(), cancelled: z.boolean(), deleted: z.boolean() })),
        },
      },
    },
    async (request) => {
      const { id, ...outcome } = await synthesis.cancelOrRemove(request.params.id, {
        userId: request.profile!.id,
      })
      return ok({ request_id: id, ...outcome })
    },
  )

  app.get(
    EVENTS_ROUTE,
    {
      schema: {
        tags: ['synthesis'],
        summary: 'Server-sent progress events (`progress`, then one `done`); token header or ?access_token=',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: z.object({ access_token: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const row = await synthesis.find(request.params.id, { userId: request.profile!.id })
      await streamEvents(reply, (signal) => synthesis.watch(row.id, { signal }), storage)
    },
  )

  app.get(
    '/synthesis/:id/parts/:n',
    {
      schema: {
        tags: ['synthesis'],
        summary:
          'Part n (from 0) of the MP3 while the request renders: `audio_parts` says how many exist; joined in order they are the file (gapless)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(100), n: z.coerce.number().int().min(0).max(1_000_000) }),
      },
    },
    async (request, reply) => {
      const row = await synthesis.find(request.params.id, { userId: request.profile!.id })
      // A part removed meanwhile (the request just finished) answers FILE_NOT_FOUND: the whole file replaces it.
      const bytes = await viaStorage(() => synthesis.audioPart(row, request.params.n))
      return reply
        .header('content-type', 'audio/mpeg')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    },
  )

  app.get(
    '/synthesis/:id/download',
    {
      schema: {
        tags: ['synthesis'],
        summary:
          'Signed, expiring download link: audio (mp3|wav), subtitles (srt|vtt) or the timeline (json)',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: z.object({ format: z.enum(DOWNLOAD_FORMATS).optional() }),
        response: {
          200: envelope(z.object({ url: z.string(), format: z.string(), expires_at: z.string() })),
        },
      },
    },
    async (request) => {
      const row = await synthesis.find(request.params.id, { userId: request.profile!.id })
      const link = await synthesis.download(row, request.query.format)
      return ok({ url: link.url, format: link.format, expires_at: link.expiresAt.toISOString() })
    },
  )
}
