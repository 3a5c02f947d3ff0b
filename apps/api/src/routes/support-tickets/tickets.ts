import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Storage } from '@loa/storage'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { viaStorage } from '../../lib/storage-errors.ts'
import { envelope, line, pagination } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'

export const SUPPORT_CATEGORIES = [
  'FEEDBACK',
  'SUGGEST_FEATURE',
  'BUG',
  'PAYMENT',
  'ACCOUNT',
  'OTHER',
] as const

type TicketRow = typeof t.supportTickets.$inferSelect

/** The short code a customer quotes for a ticket: `LOA-` and the id's first 8 hex digits (staff find it by prefix). */
export const ticketCode = (id: string): string => `LOA-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`

export const ticketWire = z.object({
  id: z.string(),
  code: z.string().describe('Short code shown to the customer, e.g. LOA-1A2B3C4D'),
  email: z.string(),
  name: z.string(),
  category: z.string(),
  subject: z.string(),
  content: z.string(),
  status: z.string(),
  attachments: z.array(z.object({ key: z.string(), url: z.string().nullable() })),
  created_at: z.string(),
})

export const ticketBody = z.object({
  email: z.string().trim().max(254).pipe(z.email()).optional(),
  name: z.string().trim().max(100).optional(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: line(200, 3),
  content: line(10_000, 10),
  attachments: z.array(z.string().min(1).max(500)).max(5).default([]),
})

/** Wire shape of a ticket; attachments get signed download links for an hour (null without storage). */
export const ticketToWire = async (
  storage: Storage | undefined,
  row: TicketRow,
): Promise<z.infer<typeof ticketWire>> => ({
  id: row.id,
  code: ticketCode(row.id),
  email: row.email,
  name: row.name,
  category: row.category,
  subject: row.subject,
  content: row.content,
  status: row.status,
  attachments: await Promise.all(
    row.attachments.map(async (key) => ({
      key,
      url: storage
        ? await storage.signedDownloadUrl(key, { expiresInSeconds: 3_600 }).catch(() => null)
        : null,
    })),
  ),
  created_at: row.createdAt.toISOString(),
})

/** Creating a ticket works signed in or not (a visitor gives an email); reading is for the owner only. */
export const supportTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const toWire = (row: TicketRow) => ticketToWire(app.ctx.storage, row)

  app.post(
    '/support-tickets',
    {
      onRequest: app.optionalUser,
      config: { rateLimit: { max: app.ctx.config.rateLimits.forms, timeWindow: '1 minute' } },
      schema: {
        tags: ['support'],
        summary: 'Open a support ticket',
        body: ticketBody,
        response: { 200: envelope(ticketWire) },
      },
    },
    async (request) => {
      const b = request.body
      const auth = request.auth
      const email = b.email ?? auth?.email
      if (!email) throw new AppError(ApiErrorCode.EMAIL_REQUIRED, 'An email address is required', 400)
      const keys = [...new Set(b.attachments)]
      if (keys.length) {
        const slots = await app.ctx.db.select().from(t.uploadSlots).where(inArray(t.uploadSlots.key, keys))
        const storage = app.ctx.storage
        for (const key of keys) {
          const slot = slots.find((s) => s.key === key)
          const owned = slot && (slot.userId === null || slot.userId === (auth?.sub ?? null))
          if (!owned || !storage || !(await viaStorage(() => storage.exists(key))))
            throw new AppError(ApiErrorCode.UPLOAD_NOT_FOUND, `Attachment ${key} was not uploaded`, 400)
        }
      }
      if (auth) await app.ctx.users.ensure(auth)
      const [row] = await app.ctx.db
        .insert(t.supportTickets)
        .values({
          userId: auth?.sub ?? null,
          email,
          name: b.name ?? auth?.name ?? '',
          category: b.category,
          subject: b.subject,
          content: b.content,
          attachments: keys,
        })
        .returning()
      return ok(await toWire(row!))
    },
  )

  await app.register(async (scope) => {
    signedIn(scope)
    scope.get(
      '/support-tickets',
      {
        schema: {
          tags: ['support'],
          summary: 'The caller’s support tickets',
          security: [{ bearer: [] }],
          querystring: z.object(pagination(20, 100)),
          response: { 200: envelope(z.object({ total: z.number(), items: z.array(ticketWire) })) },
        },
      },
      async (request) => {
        const userId = request.profile!.id
        const { offset, limit } = request.query as { offset: number; limit: number }
        const [rows, [count]] = await Promise.all([
          scope.ctx.db
            .select()
            .from(t.supportTickets)
            .where(eq(t.supportTickets.userId, userId))
            .orderBy(desc(t.supportTickets.createdAt), desc(t.supportTickets.id))
            .offset(offset)
            .limit(limit),
          scope.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(t.supportTickets)
            .where(eq(t.supportTickets.userId, userId)),
        ])
        return ok({ total: count?.n ?? 0, items: await Promise.all(rows.map(toWire)) })
      },
    )
    scope.get(
      '/support-tickets/:id',
      {
        schema: {
          tags: ['support'],
          summary: 'One of the caller’s tickets (404 for anyone else’s)',
          security: [{ bearer: [] }],
          params: z.object({ id: z.uuid() }),
          response: { 200: envelope(ticketWire) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string }
        const [row] = await scope.ctx.db
          .select()
          .from(t.supportTickets)
          .where(and(eq(t.supportTickets.id, id), eq(t.supportTickets.userId, request.profile!.id)))
        if (!row) throw new AppError(ApiErrorCode.SUPPORT_TICKET_NOT_FOUND, 'Support ticket not found', 404)
        return ok(await toWire(row))
      },
    )
  })
}
