import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { vnpDate, vnpSignedQuery, vnpVerify } from '@loa/payments'
import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paymentsContext } from '../../payments/context.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { sandboxVnpayPage } from '../../payments/sandbox-page.ts'
import { API_BASE } from '../../plugins/external.ts'
import { signedIn } from '../../plugins/profile.ts'
import { envelope } from '../../lib/wire.ts'

const disabled = () =>
  new AppError(
    PaymentErrorCode.PAYMENT_SANDBOX_DISABLED,
    'The payment sandbox is off: gateway credentials are set',
    404,
  )

/**
 * The embedded sandbox (no gateway credentials): a local VNPay pay page and a "simulate the bank transfer"
 * call. Both notify through the real IPN / webhook routes, signed as VNPay and SePay sign.
 */
export const paymentSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsContext(app)
  const { config } = payments
  const pageUrl = `${API_BASE}/payments/sandbox/vnpay`

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  app.get(pageUrl.slice(API_BASE.length), { schema: { hide: true } }, async (request, reply) => {
    if (!config.vnpay.sandbox) throw disabled()
    const params = Object.fromEntries(
      Object.entries(request.query as Record<string, string>).map(([k, v]) => [k, String(v)]),
    )
    const query = new URLSearchParams(params).toString()
    // The form's answer redirects (return URL → web app): the browser checks form-action on every hop.
    void reply.header(
      'content-security-policy',
      `default-src 'self'; style-src 'unsafe-inline'; form-action 'self' ${app.ctx.config.webUrl}; frame-ancestors 'none'`,
    )
    return reply.type('text/html; charset=utf-8').send(
      sandboxVnpayPage({
        locale: params.vnp_Locale === 'en' ? 'en' : 'vi',
        valid: vnpVerify(params, config.vnpay.hashSecret),
        orderCode: params.vnp_TxnRef ?? '',
        amountVnd: Math.floor(Number(params.vnp_Amount ?? 0) / 100),
        query,
        action: pageUrl,
      }),
    )
  })

  app.post(
    pageUrl.slice(API_BASE.length),
    {
      schema: {
        hide: true,
        body: z.object({ query: z.string().max(8_000), result: z.enum(['pay', 'cancel']) }),
      },
    },
    async (request, reply) => {
      if (!config.vnpay.sandbox) throw disabled()
      const asked = Object.fromEntries(new URLSearchParams(request.body.query))
      if (!vnpVerify(asked, config.vnpay.hashSecret)) throw disabled()
      const paid = request.body.result === 'pay'
      // What VNPay sends to the IPN and the return URL.
      const result = {
        vnp_Amount: asked.vnp_Amount!,
        vnp_BankCode: 'NCB',
        vnp_CardType: 'ATM',
        vnp_OrderInfo: asked.vnp_OrderInfo ?? '',
        vnp_PayDate: vnpDate(new Date()),
        vnp_ResponseCode: paid ? '00' : '24',
        vnp_TmnCode: asked.vnp_TmnCode!,
        vnp_TransactionNo: paid ? String(randomInt(10_000_000, 99_999_999)) : '0',
        vnp_TransactionStatus: paid ? '00' : '02',
        vnp_TxnRef: asked.vnp_TxnRef!,
        ...(asked.vnp_Locale ? { vnp_Locale: asked.vnp_Locale } : {}),
      }
      const signed = vnpSignedQuery(result, config.vnpay.hashSecret)
      const ipn = await app.inject({ method: 'GET', url: `${API_BASE}/payments/vnpay/ipn?${signed}` })
      request.log.info({ order: result.vnp_TxnRef, ipn: ipn.json() }, 'sandbox vnpay ipn')
      return reply.redirect(`${asked.vnp_ReturnUrl}?${signed}`, 303)
    },
  )

  const simulateTransfer: FastifyPluginAsyncZod = async (scope) => {
    signedIn(scope)
    scope.post(
      '/payments/sandbox/bank-transfer',
      {
        schema: {
          tags: ['payments'],
          summary: 'Sandbox only: the bank transfer of one of the caller’s orders arrives (SePay webhook)',
          security: [{ bearer: [] }],
          body: z.object({ order_code: z.string().trim().min(1).max(64) }),
          response: { 200: envelope(z.object({ webhook_status: z.number(), webhook: z.unknown() })) },
        },
      },
      async (request) => {
        if (config.methods.VIETQR.mode !== 'sandbox') throw disabled()
        const [order] = await payments.db
          .select()
          .from(t.orders)
          .where(
            and(
              eq(t.orders.code, request.body.order_code.toUpperCase()),
              eq(t.orders.userId, request.profile!.id),
            ),
          )
        if (!order) throw new AppError(PaymentErrorCode.ORDER_NOT_FOUND, 'Order not found', 404)
        const now = new Date()
        const sepay = {
          id: randomInt(1, 2 ** 47),
          gateway: config.bank.bankName,
          transactionDate: now.toISOString().slice(0, 19).replace('T', ' '),
          accountNumber: config.bank.accountNumber,
          code: null,
          content: `${order.memo ?? order.code} chuyen khoan`,
          transferType: 'in',
          transferAmount: order.total,
          accumulated: 0,
          subAccount: null,
          referenceCode: `SANDBOX.${now.getTime()}`,
          description: '',
        }
        const webhook = await app.inject({
          method: 'POST',
          url: `${API_BASE}/payments/bank-webhook`,
          headers: { authorization: `Apikey ${config.webhook.apiKey}`, 'content-type': 'application/json' },
          payload: sepay,
        })
        return ok({ webhook_status: webhook.statusCode, webhook: webhook.json() })
      },
    )
  }
  await app.register(simulateTransfer)
}
