import { ok } from '@loa/contracts'
import { AppError } from '@loa/contracts'
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, line } from '../../lib/wire.ts'

export const demoEventBody = z.object({
  /** Visitor id kept in the browser's local storage. */
  fingerprint: line(200),
  voice_code: line(100),
  /** Seconds listened. */
  duration: z.number().min(0).max(86_400).default(0),
  /** Number of clicks (a boolean counts as 0/1). */
  click: z
    .union([z.boolean(), z.number().int().min(0).max(10_000)])
    .default(0)
    .transform((v) => (typeof v === 'boolean' ? Number(v) : v)),
})

/** POST /demo-events — a landing-page voice sample play (public, rate-limited). */
export const demoEventsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/demo-events',
    {
      config: { rateLimit: { max: app.ctx.config.rateLimits.publicWrites, timeWindow: '1 minute' } },
      schema: {
        tags: ['marketing'],
        summary: 'Record a demo play',
        body: demoEventBody,
        response: { 200: envelope(z.object({ id: z.number(), created_at: z.string() })) },
      },
    },
    async (request) => {
      const b = request.body
      const [voice] = await app.ctx.db
        .select({ code: t.voices.code })
        .from(t.voices)
        .where(eq(t.voices.code, b.voice_code))
      if (!voice) throw new AppError(ApiErrorCode.VOICE_NOT_FOUND, 'Unknown voice code', 404)
      const [row] = await app.ctx.db
        .insert(t.demoEvents)
        .values({
          fingerprint: b.fingerprint,
          voiceCode: b.voice_code,
          duration: Math.round(b.duration),
          click: b.click,
          ip: request.ip,
        })
        .returning()
      return ok({ id: row!.id, created_at: row!.createdAt.toISOString() })
    },
  )
}
