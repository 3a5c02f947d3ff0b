import websocket from '@fastify/websocket'
import { AppError, DEFAULT_VOICE } from '@loa/contracts'
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import type { ApiAppRow } from '../../services/api-apps.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { retainUntilFor } from '../v1/retention.ts'
import { v1ErrorResponses } from '../v1/wire.ts'
import { DEFAULT_OUTPUT_FORMAT, OUTPUT_FORMATS, type OutputFormat } from './protocol.ts'
import { openSession } from './session.ts'
import { createRedisTicketStore, createTicketStore, TICKET_TTL_MS } from './tickets.ts'

/** A socket closes after this long, whatever it does. */
export const MAX_SOCKET_MS = 30 * 60_000
/** Characters one context may send in all. */
export const MAX_CONTEXT_CHARACTERS = 20_000

const streamQuery = z.object({
  voice: z.string().max(200).default(DEFAULT_VOICE).describe('The Loa voice code that speaks every context'),
  output_format: z
    .enum(Object.keys(OUTPUT_FORMATS) as [OutputFormat, ...OutputFormat[]])
    .default(DEFAULT_OUTPUT_FORMAT)
    .describe('mp3_22050_32 … pcm_8000–pcm_44100 (raw 16-bit LE), ulaw_8000 / alaw_8000 (raw G.711)'),
  inactivity_timeout: z.coerce
    .number()
    .int()
    .min(1)
    .max(180)
    .default(20)
    .describe('Seconds without a message before the socket closes'),
  ticket: z
    .string()
    .max(100)
    .optional()
    .describe('A single-use ticket from POST /v1/tts/stream-tickets (browsers)'),
})

const ticketAnswer = z
  .object({
    ticket: z.string().describe('Pass as `?ticket=` when opening the WebSocket; single use'),
    expiresAt: z
      .string()
      .describe(`When the ticket stops working (${TICKET_TTL_MS / 1000} s after it was issued)`),
    url: z.string().describe('The WebSocket path with the ticket, to open from the browser'),
  })
  .meta({
    example: {
      ticket: 'wst_3q9L0c2Yb8…',
      expiresAt: '2026-11-27T01:01:00.000Z',
      url: '/v1/tts/stream-input?ticket=wst_3q9L0c2Yb8…',
    },
  })

declare module 'fastify' {
  interface FastifyRequest {
    streamApp?: ApiAppRow
  }
}

/**
 * Text in, audio out over a WebSocket (issue 30 §2): `GET /v1/tts/stream-input` in the manner of ElevenLabs'
 * stream-input with several contexts on one socket, and `POST /v1/tts/stream-tickets` for browsers. Sockets of
 * one app count against its concurrency limit.
 */
export const streamInputRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  const { synthesis, apiApps } = synthesisContext(app)
  const { db, config } = app.ctx
  // Tickets live where every replica sees them when there are several (Redis), else in this process.
  const tickets = app.ctx.redis ? createRedisTicketStore(app.ctx.redis) : createTicketStore()
  const open = new Map<string, number>()

  const appOf = (request: FastifyRequest): Promise<ApiAppRow> =>
    apiApps.authenticateWithAppId(request.headers, false)

  app.post(
    '/tts/stream-tickets',
    {
      schema: {
        tags: ['developer-api-v1'],
        summary: 'A single-use ticket (60 s) for a browser to open the text-in WebSocket',
        description:
          'Call it from your server with the app token; hand `url` to the page, which opens ' +
          '`wss://<api host>` + `url`. The ticket is bound to the app, works once and expires after 60 s, so no ' +
          'long-lived token goes into a URL.',
        security: [{ appToken: [] }],
        response: { 200: ticketAnswer, ...v1ErrorResponses },
      },
    },
    async (request) => {
      const owner = await appOf(request)
      const { ticket, expiresAt } = await tickets.issue(owner.id)
      return { ticket, expiresAt: expiresAt.toISOString(), url: `/v1/tts/stream-input?ticket=${ticket}` }
    },
  )

  app.get(
    '/tts/stream-input',
    {
      websocket: true,
      schema: {
        tags: ['developer-api-v1'],
        summary:
          'WebSocket: text pieces in, audio chunks with character timing out (ElevenLabs stream-input style)',
        description:
          'Authenticate with `Authorization: Bearer <app token>` (servers) or `?ticket=` (browsers). Send JSON ' +
          'text frames `{"text":"…","context_id"?,"flush"?,"voice_settings"?:{"speed"}}`; `{"text":""}` ends a ' +
          'context, `{"close_context":true,"context_id"}` drops one (barge-in), `{"close_socket":true}` closes. ' +
          'Each clause (. ! ? … ; : or a comma after 60 characters) is read through the normalizer and billed ' +
          'per character from aivoiceapi; the answer frames are `{"audio":"<base64>","isFinal":false,"contextId"}`, ' +
          'after each clause `{"audio":"","alignment":{"chars","charStartTimesMs","charDurationsMs"},"contextId",' +
          '"requestId"}`, at the end of a context `{"isFinal":true,"contextId"}`, and errors ' +
          '`{"error":{"code","message"},"contextId"?}`.',
        querystring: streamQuery,
      },
      preValidation: async (request) => {
        const { ticket } = request.query as { ticket?: string }
        let owner: ApiAppRow
        if (ticket) {
          const appId = await tickets.consume(ticket)
          const [row] = appId ? await db.select().from(t.apiApps).where(eq(t.apiApps.id, appId)) : []
          if (!row || row.revokedAt)
            throw new AppError(
              ApiErrorCode.STREAM_TICKET_INVALID,
              'The ticket is unknown, used or expired',
              401,
            )
          owner = row
        } else owner = await appOf(request)
        if ((open.get(owner.id) ?? 0) >= owner.maxConcurrent)
          throw new AppError(
            ApiErrorCode.TTS_CONCURRENCY_LIMIT_REACHED,
            `At most ${owner.maxConcurrent} requests of this app may run at once`,
            429,
            { headers: { 'retry-after': '5' }, details: { max_concurrent: owner.maxConcurrent } },
          )
        request.streamApp = owner
      },
    },
    (socket, request) => {
      const owner = request.streamApp!
      const query = request.query as z.infer<typeof streamQuery>
      open.set(owner.id, (open.get(owner.id) ?? 0) + 1)
      openSession({
        socket,
        owner,
        synthesis,
        voice: query.voice,
        format: query.output_format,
        limits: {
          inactivityMs: query.inactivity_timeout * 1000,
          maxDurationMs: MAX_SOCKET_MS,
          maxContextCharacters: MAX_CONTEXT_CHARACTERS,
        },
        retainUntil: retainUntilFor(config),
        onClose: () => {
          const n = (open.get(owner.id) ?? 1) - 1
          if (n > 0) open.set(owner.id, n)
          else open.delete(owner.id)
        },
      })
    },
  )
}
