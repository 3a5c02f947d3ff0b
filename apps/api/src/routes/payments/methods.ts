import { ok } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAYMENT_METHODS } from '../../payments/methods.ts'
import { envelope } from '../../lib/wire.ts'

/** The payment methods checkout offers: a method whose settings are incomplete is not listed (issue 28). */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const { methods } = app.ctx.config.payments
  const offered = PAYMENT_METHODS.filter((m) => methods[m].mode !== 'off').map((m) => ({
    method: m,
    sandbox: methods[m].mode === 'sandbox',
  }))
  app.get(
    '/payments/methods',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The payment methods offered: each real (configured gateway or account) or sandbox (labelled, no money moves)',
        response: {
          200: envelope(
            z.object({
              items: z.array(
                z.object({
                  method: z.enum(PAYMENT_METHODS),
                  sandbox: z.boolean().describe('True: the embedded sandbox — no money moves'),
                }),
              ),
            }),
          ),
        },
      },
    },
    async () => ok({ items: offered }),
  )
}
