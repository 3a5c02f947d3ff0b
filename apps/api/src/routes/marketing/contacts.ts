import { ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, line } from '../../lib/wire.ts'

export const phoneNumber = () =>
  z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 .()-]{7,19}$/, 'must be a phone number')
    .refine(
      (v) => v.replace(/\D/g, '').length >= 8 && v.replace(/\D/g, '').length <= 15,
      'must have 8–15 digits',
    )

export const contactBody = z.object({
  name: line(100),
  email: z.string().trim().max(254).pipe(z.email()),
  phone_number: phoneNumber(),
  purpose: line(100),
  content: line(5_000, 2),
})

/** POST /contacts — the landing contact form (validated, stored, rate-limited). */
export const contactsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contacts',
    {
      config: { rateLimit: { max: app.ctx.config.rateLimits.forms, timeWindow: '1 minute' } },
      schema: {
        tags: ['marketing'],
        summary: 'Send the contact form',
        body: contactBody,
        response: { 200: envelope(z.object({ id: z.number(), created_at: z.string() })) },
      },
    },
    async (request) => {
      const b = request.body
      const [row] = await app.ctx.db
        .insert(t.contacts)
        .values({
          name: b.name,
          email: b.email,
          phoneNumber: b.phone_number,
          purpose: b.purpose,
          content: b.content,
          ip: request.ip,
        })
        .returning()
      return ok({ id: row!.id, created_at: row!.createdAt.toISOString() })
    },
  )
}
