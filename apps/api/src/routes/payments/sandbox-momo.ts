import { AppError } from '@loa/contracts'
import { momoCreateRequest, momoResultSignature } from '@loa/payments'
import { randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paymentsContext } from '../../payments/context.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { sandboxVnpayPage } from '../../payments/sandbox-page.ts'
import { API_BASE } from '../../plugins/external.ts'

const PAGE = '/payments/sandbox/momo'

/**
 * The embedded MoMo sandbox (no MOMO_* setting): a labelled local stand-in for MoMo's pay page. It accepts only a
 * create request this api signed, and pays or cancels through the real IPN route, signed as MoMo signs.
 */
export const momoSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = paymentsContext(app)
  const momo = config.momo
  const disabled = () =>
    new AppError(
      PaymentErrorCode.PAYMENT_SANDBOX_DISABLED,
      'The MoMo sandbox is off: MoMo settings are set',
      404,
    )

  /** The create request carried in `r` (base64url JSON), when this api signed it. */
  const signedRequest = (r: string | undefined) => {
    let query: Record<string, string | number>
    try {
      query = JSON.parse(Buffer.from(r ?? '', 'base64url').toString('utf8')) as Record<
        string,
        string | number
      >
    } catch {
      return null
    }
    const text = (k: string) => String(query[k] ?? '')
    const again = momoCreateRequest(momo, {
      orderId: text('orderId'),
      requestId: text('requestId'),
      amount: Number(query.amount),
      orderInfo: text('orderInfo'),
      redirectUrl: text('redirectUrl'),
      ipnUrl: text('ipnUrl'),
      lang: query.lang === 'en' ? 'en' : 'vi',
    })
    const given = Buffer.from(text('signature'), 'hex')
    const expected = Buffer.from(again.signature, 'hex')
    return given.length === expected.length && timingSafeEqual(given, expected) ? again : null
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  app.get(PAGE, { schema: { hide: true } }, async (request, reply) => {
    if (!momo.sandbox) throw disabled()
    const r = (request.query as Record<string, string>).r
    const asked = signedRequest(r)
    void reply.header(
      'content-security-policy',
      `default-src 'self'; style-src 'unsafe-inline'; form-action 'self' ${app.ctx.config.webUrl}; frame-ancestors 'none'`,
    )
    return reply.type('text/html; charset=utf-8').send(
      sandboxVnpayPage({
        gateway: 'momo',
        locale: asked?.lang ?? 'vi',
        valid: asked !== null,
        orderCode: asked?.orderId ?? '',
        amountVnd: asked?.amount ?? 0,
        query: r ?? '',
        action: `${API_BASE}${PAGE}`,
      }),
    )
  })

  app.post(
    PAGE,
    {
      schema: {
        hide: true,
        body: z.object({ query: z.string().max(8_000), result: z.enum(['pay', 'cancel']) }),
      },
    },
    async (request, reply) => {
      if (!momo.sandbox) throw disabled()
      const asked = signedRequest(request.body.query)
      if (!asked) throw disabled()
      const paid = request.body.result === 'pay'
      // What MoMo posts to the IPN and appends to the redirect URL.
      const unsigned = {
        partnerCode: momo.partnerCode,
        orderId: asked.orderId,
        requestId: asked.requestId,
        amount: asked.amount,
        orderInfo: asked.orderInfo,
        orderType: 'momo_wallet',
        transId: paid ? randomInt(1_000_000_000, 9_999_999_999) : 0,
        resultCode: paid ? 0 : 1006,
        message: paid ? 'Successful.' : 'Transaction denied by user.',
        payType: 'qr',
        responseTime: Date.now(),
        extraData: '',
      }
      const result = { ...unsigned, signature: momoResultSignature(unsigned, momo) }
      const ipn = await app.inject({ method: 'POST', url: `${API_BASE}/payments/momo/ipn`, payload: result })
      request.log.info({ order: result.orderId, ipn: ipn.statusCode }, 'sandbox momo ipn')
      // %20 for spaces (encodeURIComponent), as MoMo's redirect carries them: the query parser reads no `+` as space.
      const back = Object.entries({ ...result, lang: asked.lang })
        .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
        .join('&')
      return reply.redirect(`${asked.redirectUrl}?${back}`, 303)
    },
  )
}
