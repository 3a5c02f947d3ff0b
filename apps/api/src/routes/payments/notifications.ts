import { AppError } from '@loa/contracts'
import {
  cassoPayloadSchema,
  cassoVerify,
  fromCasso,
  fromSepay,
  sepayAuthorized,
  sepayPayloadSchema,
  vnpSucceeded,
  vnpVerify,
  type BankTransfer,
} from '@loa/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CommonErrorCode } from '@loa/contracts'
import { paymentsContext } from '../../payments/context.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { handleBankTransfer, handleVnpayIpn } from '../../payments/notify.ts'

/** Query strings VNPay sends: the first value of each key. */
const vnpQuery = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v[0]! : v])))

/** Casso signatures older than this are replays. */
const CASSO_MAX_AGE_MS = 5 * 60_000

/**
 * The gateways' calls: VNPay IPN (source of truth) and return URL, and the bank-transaction webhook (SePay with
 * `Authorization: Apikey`, or Casso V2 with `X-Casso-Signature`). Public: each call is authenticated by its
 * signature or key.
 */
export const paymentNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsContext(app)
  const { db, ledger, config } = payments

  app.get(
    '/payments/vnpay/ipn',
    {
      schema: {
        tags: ['payments'],
        summary: 'VNPay IPN: answers {RspCode, Message} (00, 01, 02, 04, 97, 99)',
        querystring: vnpQuery,
        response: { 200: z.object({ RspCode: z.string(), Message: z.string() }) },
      },
    },
    async (request) => {
      try {
        return await handleVnpayIpn(db, ledger, request.query, config.vnpay.hashSecret)
      } catch (error) {
        request.log.error({ err: error }, 'vnpay ipn failed')
        return { RspCode: '99', Message: 'Unknown error' }
      }
    },
  )

  app.get(
    '/payments/vnpay/return',
    {
      schema: {
        tags: ['payments'],
        summary: 'VNPay return URL: checks the signature and sends the buyer back to the order page',
        querystring: vnpQuery,
      },
    },
    async (request, reply) => {
      const params = request.query
      const valid = vnpVerify(params, config.vnpay.hashSecret)
      const result = !valid ? 'invalid' : vnpSucceeded(params) ? 'success' : 'failed'
      const prefix = params.vnp_Locale === 'en' ? '/en' : ''
      const target = new URL(`${app.ctx.config.webUrl}${prefix}/studio/payments`)
      if (valid && params.vnp_TxnRef) target.searchParams.set('order', params.vnp_TxnRef)
      target.searchParams.set('vnpay', result)
      return reply.redirect(target.toString(), 302)
    },
  )

  app.post(
    '/payments/bank-webhook',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Bank transaction webhook (SePay with Apikey, or Casso V2 signed): answers {"success": true}',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const headers = request.headers
      let transfer: BankTransfer
      const invalid = (message: string) => new AppError(CommonErrorCode.VALIDATION_FAILED, message, 400)
      if (sepayAuthorized(headers.authorization, config.webhook.apiKey)) {
        const parsed = sepayPayloadSchema.safeParse(request.body)
        if (!parsed.success) throw invalid('Not a SePay transaction')
        transfer = fromSepay(parsed.data)
      } else if (
        config.webhook.cassoKey &&
        cassoVerify(
          headers['x-casso-signature'] as string | undefined,
          request.body,
          config.webhook.cassoKey,
          {
            maxAgeMs: CASSO_MAX_AGE_MS,
          },
        )
      ) {
        const parsed = cassoPayloadSchema.safeParse(request.body)
        if (!parsed.success) throw invalid('Not a Casso transaction')
        transfer = fromCasso(parsed.data)
      } else
        throw new AppError(PaymentErrorCode.WEBHOOK_UNAUTHORIZED, 'Webhook key or signature is wrong', 401)
      const outcome = await handleBankTransfer(db, ledger, transfer)
      request.log.info({ provider: transfer.provider, txn: transfer.transactionId, outcome }, 'bank transfer')
      return { success: true as const }
    },
  )
}
