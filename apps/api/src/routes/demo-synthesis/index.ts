import { AppError, DEFAULT_VOICE, hasReadableWords, MAX_DEMO_CHARACTERS } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { createMemoryWindowCounter, createRedisWindowCounter } from '../../lib/window-counter.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { sendSpeech } from '../tts/stream.ts'

const WINDOW_MS = 10 * 60 * 1000

/**
 * The landing page's try-it box: public, up to 300 characters, streamed MP3, free, limited per IP and per
 * visitor fingerprint (TTS_DEMO_LIMIT requests per 10 minutes each; shared by replicas through Redis).
 */
export const demoSynthesisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { synthesis } = synthesisContext(app)
  const limits = { limit: app.ctx.config.synthesis.demoLimit, windowMs: WINDOW_MS }
  const { redis } = app.ctx
  const counter = redis
    ? createRedisWindowCounter(redis, {
        ...limits,
        prefix: `${app.ctx.config.rateLimitRedisPrefix}{demo}:`,
        onError: (err) => app.log.warn({ err }, 'demo limit counted in this process (redis unavailable)'),
      })
    : createMemoryWindowCounter(limits)

  app.post(
    '/demo/synthesis',
    {
      schema: {
        tags: ['synthesis'],
        summary: `Public demo: up to ${MAX_DEMO_CHARACTERS} characters, streamed MP3`,
        body: z.object({
          text: z.string(),
          voice_code: z.string().max(200).optional(),
          fingerprint: z.string().trim().max(200).optional(),
          speed: z.number().min(0.25).max(1.9).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { text, voice_code, fingerprint, speed } = request.body
      if (!text.trim()) throw new AppError(ApiErrorCode.TEXT_EMPTY, 'The text is empty', 400)
      // Checked before the stream starts: once audio bytes are out, an error can no longer be an answer.
      if (!hasReadableWords(text))
        throw new AppError(
          ApiErrorCode.TTS_EMPTY_TEXT,
          'The text has no readable words (only punctuation, symbols, emoji or pause tags)',
          400,
        )
      if ([...text].length > MAX_DEMO_CHARACTERS)
        throw new AppError(
          ApiErrorCode.TEXT_TOO_LONG,
          `The demo reads at most ${MAX_DEMO_CHARACTERS} characters`,
          400,
        )
      const [paragraph] = await synthesis.resolveVoices([
        { text, voice: voice_code ?? DEFAULT_VOICE, speed: speed ?? 1 },
      ])
      const retryAfter = await counter.hit([
        `ip:${request.ip}`,
        ...(fingerprint ? [`fp:${fingerprint}`] : []),
      ])
      if (retryAfter !== undefined)
        throw new AppError(ApiErrorCode.DEMO_RATE_LIMITED, 'Too many demo requests; try again later', 429, {
          headers: { 'retry-after': String(retryAfter) },
        })
      return sendSpeech(reply, synthesis.stream(paragraph!))
    },
  )
}
