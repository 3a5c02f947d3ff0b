import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, line, pagination } from '../../lib/wire.ts'
import { ticketToWire } from '../support-tickets/tickets.ts'
import { writeAudit } from './audit.ts'

/** A ticket moves between these; the customer sees the status on their ticket. */
export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const
/** A contact-form message is new, being handled, or done (`contacts.status`). */
export const CONTACT_STATUSES = ['NEW', 'IN_PROGRESS', 'DONE'] as const

const page = z.object({ total: z.number(), items: z.array(z.unknown()) })

/** Support inbox: tickets (with attachment links) and their status, contact-form messages. */
export const supportRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/support/tickets',
    {
      schema: {
        tags: ['admin'],
        summary: 'Support tickets (admin), newest first, by status',
        security: [{ bearer: [] }],
        querystring: z.object({ ...pagination(20, 100), status: z.enum(TICKET_STATUSES).optional() }),
        response: { 200: envelope(page) },
      },
    },
    async (request) => {
      const { offset, limit, status } = request.query
      const filter = status ? eq(t.supportTickets.status, status) : undefined
      const [rows, [total]] = await Promise.all([
        app.ctx.db
          .select()
          .from(t.supportTickets)
          .where(filter)
          .orderBy(desc(t.supportTickets.createdAt))
          .offset(offset)
          .limit(limit),
        app.ctx.db.select({ n: count() }).from(t.supportTickets).where(filter),
      ])
      const items = await Promise.all(
        rows.map(async (row) => ({ ...(await ticketToWire(app.ctx.storage, row)), user_id: row.userId })),
      )
      return ok({ total: total?.n ?? 0, items })
    },
  )

  app.post(
    '/support/tickets/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a ticket's status (admin), audited",
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        body: z.object({ status: z.enum(TICKET_STATUSES), note: line(500).optional() }),
        response: { 200: envelope(z.object({ id: z.string(), status: z.string() })) },
      },
    },
    async (request) => {
      const { id } = request.params
      const { status, note } = request.body
      await app.ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(t.supportTickets).where(eq(t.supportTickets.id, id))
        if (!current) throw new AppError(ApiErrorCode.SUPPORT_TICKET_NOT_FOUND, 'Ticket not found', 404)
        await tx
          .update(t.supportTickets)
          .set({ status, updatedAt: new Date() })
          .where(eq(t.supportTickets.id, id))
        await writeAudit(tx, request, {
          action: 'support_ticket.status',
          targetType: 'support_ticket',
          targetId: id,
          before: { status: current.status },
          after: { status },
          reason: note ?? null,
        })
      })
      return ok({ id, status })
    },
  )

  app.post(
    '/support/:kind/:id/reply',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reply by mail to a ticket or a contact message (admin): one outbox mail per key, audited',
        security: [{ bearer: [] }],
        params: z.object({ kind: z.enum(['tickets', 'contacts']), id: z.string().min(1).max(60) }),
        body: z.object({
          text: line(20_000, 2),
          /** One per reply the operator writes: a double click queues one mail. */
          idempotency_key: z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/),
        }),
        response: { 200: envelope(z.object({ to: z.string(), queued: z.boolean() })) },
      },
    },
    async (request) => {
      const { kind, id } = request.params
      const { text, idempotency_key: key } = request.body
      const to = await app.ctx.db.transaction(async (tx) => {
        const target =
          kind === 'tickets'
            ? z.uuid().safeParse(id).success
              ? (await tx.select().from(t.supportTickets).where(eq(t.supportTickets.id, id)))[0]
              : undefined
            : /^\d{1,12}$/.test(id)
              ? (
                  await tx
                    .select()
                    .from(t.contacts)
                    .where(eq(t.contacts.id, Number(id)))
                )[0]
              : undefined
        if (!target)
          throw new AppError(ApiErrorCode.SUPPORT_TICKET_NOT_FOUND, 'Ticket or message not found', 404)
        const subject = 'subject' in target ? `Re: ${target.subject}` : `Loa: ${target.purpose}`.slice(0, 200)
        const [mail] = await tx
          .insert(t.mailOutbox)
          .values({
            userId: 'userId' in target ? target.userId : null,
            to: target.email,
            subject,
            text,
            kind: 'support_reply',
            dedupeKey: `support-reply:${key}`,
          })
          .onConflictDoNothing()
          .returning({ id: t.mailOutbox.id })
        if (mail)
          await writeAudit(tx, request, {
            action: `support.reply`,
            targetType: kind === 'tickets' ? 'support_ticket' : 'contact',
            targetId: id,
            after: { to: target.email, subject, mail_id: mail.id },
          })
        return { to: target.email, queued: Boolean(mail) }
      })
      return ok(to)
    },
  )

  app.get(
    '/support/contacts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact-form messages (admin), newest first, by status',
        security: [{ bearer: [] }],
        querystring: z.object({ ...pagination(20, 100), status: z.enum(CONTACT_STATUSES).optional() }),
        response: { 200: envelope(page) },
      },
    },
    async (request) => {
      const { offset, limit, status } = request.query
      const filter = status ? eq(t.contacts.status, status) : undefined
      const [rows, [total]] = await Promise.all([
        app.ctx.db
          .select()
          .from(t.contacts)
          .where(filter)
          .orderBy(desc(t.contacts.id))
          .offset(offset)
          .limit(limit),
        app.ctx.db.select({ n: count() }).from(t.contacts).where(filter),
      ])
      const items = rows.map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        phone_number: c.phoneNumber,
        purpose: c.purpose,
        content: c.content,
        status: c.status,
        created_at: c.createdAt.toISOString(),
        updated_at: c.updatedAt.toISOString(),
      }))
      return ok({ total: total?.n ?? 0, items })
    },
  )

  app.post(
    '/support/contacts/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a contact message's status (admin), audited",
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: z.object({ status: z.enum(CONTACT_STATUSES), note: line(500).optional() }).strict(),
        response: { 200: envelope(z.object({ id: z.number(), status: z.string() })) },
      },
    },
    async (request) => {
      const { id } = request.params
      const { status, note } = request.body
      await app.ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(t.contacts).where(eq(t.contacts.id, id)).for('update')
        if (!current) throw new AppError(ApiErrorCode.CONTACT_NOT_FOUND, 'Contact message not found', 404)
        await tx.update(t.contacts).set({ status, updatedAt: new Date() }).where(eq(t.contacts.id, id))
        await writeAudit(tx, request, {
          action: 'contact.status',
          targetType: 'contact',
          targetId: String(id),
          before: { status: current.status },
          after: { status },
          reason: note ?? null,
        })
      })
      return ok({ id, status })
    },
  )
}
