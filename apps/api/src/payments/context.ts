import type { FastifyInstance, FastifyRequest } from 'fastify'
import { paymentInstructions } from './checkout.ts'
import { createFlagReader, type FlagReader } from './flags.ts'
import type { OrderRow } from './settle.ts'

/** What the payments routes share: config, ledger, database, the flag reader. */
export const paymentsContext = (app: FastifyInstance) => {
  const { config, db, ledger } = app.ctx
  const flags: FlagReader = createFlagReader(config.payments.flags)
  return {
    db,
    ledger,
    config: config.payments,
    apiPublicUrl: config.publicUrl,
    flags,
    instructionsFor: (order: OrderRow, request: FastifyRequest, locale?: 'vi' | 'en') =>
      paymentInstructions(config.payments, order, {
        ip: request.ip,
        locale: locale ?? (/^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'vi'),
        apiPublicUrl: config.publicUrl,
      }),
  }
}
export type PaymentsContext = ReturnType<typeof paymentsContext>
