import { AppError } from '@loa/contracts'
import { momoPaid, momoResultSchema, momoVerifyResult } from '@loa/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paymentsContext } from '../../payments/context.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { applyMomoResult } from '../../payments/momo.ts'

/**
 * MoMo's calls: the IPN (the source of truth, answered HTTP 204 as MoMo requires) and the redirect back from the
 * wallet (which only displays). Public: each call is authenticated by its HMAC-SHA256 signature.
 */
export const momoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, ledger, config } = paymentsContext(app)

  app.post(
    '/payments/momo/ipn',
    {
      schema: {
        tags: ['payments'],
        summary:
          'MoMo IPN (JSON, HMAC-SHA256 signed): 204 once verified — forged 401; another amount or a replay changes nothing',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (config.methods.MOMO.mode === 'off')
        throw new AppError(PaymentErrorCode.PAYMENT_METHOD_UNAVAILABLE, 'MoMo is not offered', 404)
      const outcome = await applyMomoResult(db, ledger, config.momo, request.body)
      if (outcome === 'invalid')
        throw new AppError(PaymentErrorCode.WEBHOOK_UNAUTHORIZED, 'MoMo signature is wrong', 401)
      request.log.info({ outcome }, 'momo ipn')
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/payments/momo/return',
    {
      schema: {
        tags: ['payments'],
        summary: "MoMo's redirect: checks the signature and sends the buyer back to the order page",
        querystring: z.record(z.string(), z.string()),
      },
    },
    async (request, reply) => {
      // The api's query keys arrive snake_cased (the common case hook); MoMo signs its camelCase names.
      const query = Object.fromEntries(
        Object.entries(request.query).map(([k, v]) => [
          k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
          v,
        ]),
      )
      const parsed = momoResultSchema.safeParse(query)
      const valid = parsed.success && momoVerifyResult(parsed.data, config.momo)
      const result = !valid ? 'invalid' : momoPaid(parsed.data) ? 'success' : 'failed'
      const prefix = request.query.lang === 'en' ? '/en' : ''
      const target = new URL(`${app.ctx.config.webUrl}${prefix}/studio/payments`)
      if (valid) target.searchParams.set('order', parsed.data.orderId)
      target.searchParams.set('momo', result)
      return reply.redirect(target.toString(), 302)
    },
  )
}
