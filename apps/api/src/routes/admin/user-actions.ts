import { AppError, ok, WALLET_PRODUCTS } from '@loa/contracts'
import { app as t } from '@loa/db'
import type { Ledger } from '@loa/ledger'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, line } from '../../lib/wire.ts'
import { writeAudit, type Tx } from './audit.ts'
import type { SsoOperator } from './sso-operator.ts'

const userParams = z.object({ id: z.string().min(1).max(200) })

const adjustBody = z.object({
  product: z.enum(WALLET_PRODUCTS),
  /** Credits to add (positive) or take away (negative); the balance never goes below 0. */
  delta: z
    .number()
    .int()
    .min(-1_000_000_000_000)
    .max(1_000_000_000_000)
    .refine((v) => v !== 0, 'delta must not be 0'),
  reason: line(500, 3),
  /** One key per operator intent (the form makes it): a repeat (double click, retry) changes nothing. */
  idempotency_key: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/),
})

const requireUser = async (tx: Tx, id: string) => {
  const [user] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, id))
  if (!user) throw new AppError(ApiErrorCode.USER_NOT_FOUND, 'User not found', 404)
}

/** Commands on one user: credit adjustment, lock, unlock. Each writes its audit row in its own transaction. */
export const userActionRoutes = (parent: FastifyInstance, ledger: Ledger, sso: SsoOperator): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/users/:id/credits/adjust',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adjust a wallet (admin): one ledger entry and one audit row, once per idempotency key',
        security: [{ bearer: [] }],
        params: userParams,
        body: adjustBody,
        response: {
          200: envelope(
            z.object({
              entry_id: z.string(),
              product: z.string(),
              delta: z.number(),
              balance: z.number(),
              replayed: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params
      const { product, delta, reason, idempotency_key: key } = request.body
      const ledgerKey = `admin-adjust:${key}`
      const result = await app.ctx.db.transaction(async (tx) => {
        // Same-key requests queue here, so the replay check below cannot race (a double click sends two).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ledgerKey}))`)
        await requireUser(tx, id)
        const [previous] = await tx
          .select()
          .from(t.creditEntries)
          .where(eq(t.creditEntries.idempotencyKey, ledgerKey))
        if (previous) {
          if (previous.userId !== id || previous.product !== product)
            throw new AppError(
              ApiErrorCode.IDEMPOTENCY_KEY_REUSED,
              'This idempotency key was used for another adjustment',
              409,
            )
          return { entry: previous, replayed: true }
        }
        const before = await ledger.balance(id, product, { tx })
        const entry = await ledger.adjust({
          userId: id,
          product,
          delta,
          reason,
          idempotencyKey: ledgerKey,
          actor: request.auth!.sub,
          tx,
        })
        await writeAudit(tx, request, {
          action: 'user.credits.adjust',
          targetType: 'user',
          targetId: id,
          before: { product, balance: before },
          after: { product, balance: entry.balanceAfter, delta: entry.delta, entry_id: entry.id },
          reason,
        })
        return { entry, replayed: false }
      })
      return ok({
        entry_id: result.entry.id,
        product,
        delta: result.entry.delta,
        balance: result.entry.balanceAfter,
        replayed: result.replayed,
      })
    },
  )

  const lockRoute = (locked: boolean) =>
    app.post(
      `/users/:id/${locked ? 'lock' : 'unlock'}`,
      {
        schema: {
          tags: ['admin'],
          summary: locked
            ? 'Lock a user (admin): the SSO disables the account and signs it out everywhere'
            : 'Unlock a user (admin)',
          security: [{ bearer: [] }],
          params: userParams,
          body: z.object({ reason: line(500, 3) }),
          response: { 200: envelope(z.object({ user_id: z.string(), locked: z.boolean() })) },
        },
      },
      async (request) => {
        const { id } = request.params
        const { reason } = request.body
        const [user] = await app.ctx.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, id))
        if (!user) throw new AppError(ApiErrorCode.USER_NOT_FOUND, 'User not found', 404)
        // The SSO first, outside the transaction: embedded, the SSO shares the one database connection, so a call
        // made while holding a transaction would wait for itself. When the SSO refuses, nothing is recorded.
        await sso.setLocked(id, locked)
        try {
          await app.ctx.db.transaction(async (tx) => {
            const [current] = await tx.select().from(t.userLocks).where(eq(t.userLocks.userId, id))
            if (locked)
              await tx
                .insert(t.userLocks)
                .values({ userId: id, reason, lockedBy: request.auth!.sub })
                .onConflictDoUpdate({
                  target: t.userLocks.userId,
                  set: { reason, lockedBy: request.auth!.sub, lockedAt: new Date() },
                })
            else await tx.delete(t.userLocks).where(eq(t.userLocks.userId, id))
            await writeAudit(tx, request, {
              action: locked ? 'user.lock' : 'user.unlock',
              targetType: 'user',
              targetId: id,
              before: { locked: Boolean(current) },
              after: { locked },
              reason,
            })
          })
        } catch (error) {
          // Not recorded: put the account back as it was, so the SSO and the back-office agree.
          await sso
            .setLocked(id, !locked)
            .catch((undo: unknown) =>
              request.log.error({ err: undo, userId: id }, 'could not undo the SSO lock change'),
            )
          throw error
        }
        return ok({ user_id: id, locked })
      },
    )
  lockRoute(true)
  lockRoute(false)
}
