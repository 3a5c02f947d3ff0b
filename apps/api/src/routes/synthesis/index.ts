import { setTimeout as sleep } from 'node:timers/promises'
import { AppError, CommonErrorCode, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import {
  findVoice,
  MP3_SAMPLE_RATES,
  normalize,
  toSrt,
  toVtt,
  type DictionaryEntry,
  type Timeline,
} from '@loa/tts'
import { renderSynthesis, sentenceCacheFor, synthesisKeys, type RenderParagraph } from '@loa/synthesis'
import { and, eq, ilike, isNull, or } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, pagination } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { LINK_TTL_SECONDS, MAX_SYNTHESIS_CHARACTERS } from '../../services/synthesis.ts'
import {
  pausesBody,
  requestPage,
  summaryColumns,
  type SynthesisSummaryRow,
  synthesisDetailWire,
  synthesisWire,
  toPauses,
  toSynthesisDetailWire,
  toSynthesisWire,
} from './wire.ts'

/** JSON body limit of synthesis requests: 100,000 Vietnamese characters are up to ~300 KB of UTF-8. */
export const SYNTHESIS_BODY_LIMIT = 2 * 1024 * 1024
/** How often the event stream re-reads the request row (works across processes: scale mode). */
const EVENTS_POLL_MS = 400
const EVENTS_HEARTBEAT_MS = 15_000

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

/** The studio's default voice (catalogue code). */
export const DEFAULT_STUDIO_VOICE = 'hn_female_thuha_news'

const idParams = z.object({ id: z.string().max(100) })

const DOWNLOAD_FORMATS = ['mp3', 'wav', 'srt', 'vtt', 'json'] as const

/** The only route that reads a token from the query (EventSource cannot send an Authorization header). */
const EVENTS_ROUTE = '/synthesis/:id/events'

/**
 * Studio synthesis (signed in): create, read, history, cancel/delete, progress events, downloads and the
 * free normalization preview.
 */
export const synthesisRoutes: FastifyPluginAsyncZod = async (app) => {
  // EventSource cannot send headers: the events route (matched as a route, never as a substring of the URL)
  // also takes the token as `?access_token=`.
  app.addHook('onRequest', async (request) => {
    const query = request.query as { access_token?: unknown }
    if (
      !request.headers.authorization &&
      typeof query?.access_token === 'string' &&
      request.routeOptions.url === `${app.prefix}${EVENTS_ROUTE}`
    )
      request.headers.authorization = `Bearer ${query.access_token}`
  })
  signedIn(app)
  const { synthesis, pronunciation } = synthesisContext(app)
  const { db, storage } = app.ctx

  app.post(
    '/synthesis',
    {
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
          ? [{ text: b.text, voice: b.voice_code ?? DEFAULT_STUDIO_VOICE, speed: b.speed ?? 1 }]
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
        response: {
          200: envelope(
            z.object({
              text: z.string(),
              characters: z.number(),
              spans: z.array(
                z.object({
                  kind: z.string(),
                  text: z.string(),
                  source: z.string(),
                  src_start: z.number(),
                  src_end: z.number(),
                  out_start: z.number(),
                  out_end: z.number(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { text, voice_code } = request.body
      if (text.length > MAX_SYNTHESIS_CHARACTERS)
        throw new AppError(
          ApiErrorCode.TEXT_TOO_LONG,
          `At most ${MAX_SYNTHESIS_CHARACTERS} characters are accepted`,
          400,
        )
      if (!text.trim()) throw new AppError(ApiErrorCode.TEXT_EMPTY, 'The text is empty', 400)
      const [resolved] = await synthesis.resolveVoices([
        { text, voice: voice_code ?? DEFAULT_STUDIO_VOICE, speed: 1 },
      ])
      const voice = findVoice(resolved!.voiceCode)!
      const dictionary = await pronunciation.entriesFor(request.profile!.id, [voice.region])
      const result = normalize(text, { region: voice.region, dictionary })
      return ok({
        text: result.text,
        characters: [...text].length,
        spans: result.spans.map((s) => ({
          kind: s.kind,
          text: s.text,
          source: s.source,
          src_start: s.srcStart,
          src_end: s.srcEnd,
          out_start: s.outStart,
          out_end: s.outEnd,
        })),
      })
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
      const { offset, limit, q, status, source } = request.query
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = and(
        eq(t.synthesisRequests.userId, request.profile!.id),
        isNull(t.synthesisRequests.deletedAt),
        source === 'ALL' ? undefined : eq(t.synthesisRequests.source, source),
        status ? eq(t.synthesisRequests.status, status) : undefined,
        pattern
          ? or(ilike(t.synthesisRequests.title, pattern), ilike(t.synthesisRequests.text, pattern))
          : undefined,
      )
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
      const row = await synthesis.find(request.params.id, { userId: request.profile!.id })
      if (row.status === 'IN_PROGRESS' && (await synthesis.cancel(row.id)))
        return ok({ request_id: row.id, cancelled: true, deleted: false })
      const [now] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, row.id))
      await synthesis.remove(now ?? row)
      return ok({ request_id: row.id, cancelled: false, deleted: true })
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
      const userId = request.profile!.id
      let row: SynthesisSummaryRow = await synthesis.find(request.params.id, { userId })
      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      let closed = false
      request.raw.on('close', () => {
        closed = true
      })
      const send = async (event: string, r: SynthesisSummaryRow) => {
        const data = await toSynthesisWire(r, storage)
        raw.write(`event: ${event}\nid: ${r.progress}\ndata: ${JSON.stringify(data)}\n\n`)
      }
      let last = ''
      let lastWrite = Date.now()
      try {
        for (;;) {
          const state = `${row.status}:${row.progress}`
          if (state !== last) {
            last = state
            lastWrite = Date.now()
            if (row.status !== 'IN_PROGRESS') {
              await send('done', row)
              break
            }
            await send('progress', row)
          } else if (Date.now() - lastWrite > EVENTS_HEARTBEAT_MS) {
            raw.write(': keep-alive\n\n')
            lastWrite = Date.now()
          }
          await sleep(EVENTS_POLL_MS)
          if (closed) break
          const [next] = await db
            .select(summaryColumns)
            .from(t.synthesisRequests)
            .where(eq(t.synthesisRequests.id, row.id))
          if (!next || next.deletedAt) break
          row = next
        }
      } finally {
        raw.end()
      }
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
      if (!storage) throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'Storage is not configured', 503)
      const row = await synthesis.find(request.params.id, { userId: request.profile!.id })
      if (row.status !== 'SUCCESS' || !row.timelineKey)
        throw new AppError(ApiErrorCode.SYNTHESIS_NOT_READY, `The request is ${row.status}`, 409)
      const format = request.query.format ?? (row.audioType as 'mp3' | 'wav')
      const keys = synthesisKeys(row.id, format)
      let key: string
      let filename = `${
        row.title
          .slice(0, 40)
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .trim() || row.id
      }`
      if (format === 'json') key = row.timelineKey
      else if (format === 'srt' || format === 'vtt') {
        key = format === 'srt' ? keys.srt : keys.vtt
        if (!(await storage.exists(key))) {
          const timeline = JSON.parse(
            new TextDecoder().decode(await storage.getBytes(row.timelineKey)),
          ) as Timeline
          const body = format === 'srt' ? toSrt(timeline) : toVtt(timeline)
          await storage.put(key, new TextEncoder().encode(body), {
            contentType: format === 'srt' ? 'application/x-subrip' : 'text/vtt',
          })
        }
      } else {
        key = keys.audio
        if (!(await storage.exists(key))) {
          // The other audio format: rendered again from the sentence cache (no engine work), not charged.
          const rendered = renderSynthesis({
            paragraphs: row.paragraphs as RenderParagraph[],
            format,
            bitrate: row.bitrate,
            sampleRate:
              format === 'wav' || (MP3_SAMPLE_RATES as readonly number[]).includes(row.sampleRate)
                ? row.sampleRate
                : 22050,
            pauses: (row.pauses ?? undefined) as never,
            dictionary: (row.dictionary ?? undefined) as DictionaryEntry[] | undefined,
            cache: sentenceCacheFor(storage),
          })
          await storage.put(
            key,
            rendered.audio instanceof Uint8Array ? rendered.audio : Readable.from(rendered.audio),
            { contentType: rendered.mimeType },
          )
          await rendered.done
        }
      }
      filename = `${filename}.${format}`
      const url = await storage.signedDownloadUrl(key, { expiresInSeconds: LINK_TTL_SECONDS, filename })
      return ok({
        url,
        format,
        expires_at: new Date(Date.now() + LINK_TTL_SECONDS * 1000).toISOString(),
      })
    },
  )
}
