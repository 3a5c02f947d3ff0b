import { app as t, type Db } from '@loa/db'
import { buildVietQr, buildVnpayPaymentUrl, newOrderCode } from '@loa/payments'
import type { PaymentsConfig } from './config.ts'
import type { PaymentMethod } from './methods.ts'
import type { Quote } from './quote.ts'
import type { OrderRow } from './settle.ts'

export { PAYMENT_METHODS, type PaymentMethod } from './methods.ts'

/** A new PENDING order for a quote, with a fresh code (retried on the unlikely collision); null: renewal exists. */
export const insertOrder = async (
  db: Db,
  input: {
    userId: string
    quote: Quote
    method: PaymentMethod
    now: Date
    payBy: Date
    renewalOf?: string
  },
): Promise<OrderRow | null> => {
  const { quote } = input
  for (let attempt = 0; ; attempt++) {
    const code = newOrderCode()
    const rows = await db
      .insert(t.orders)
      .values({
        userId: input.userId,
        code,
        memo: code,
        packageCode: quote.package.code,
        type: quote.package.type,
        status: 'PENDING',
        paymentMethod: input.method,
        price: quote.price.price,
        discount: quote.price.discount,
        subtotal: quote.price.subtotal,
        vatPercent: quote.price.vatPercent,
        vat: quote.price.vat,
        total: quote.price.total,
        voucherCode: quote.discountSource?.kind === 'voucher' ? quote.discountSource.code : null,
        discountSource: quote.discountSource?.kind ?? null,
        planChange: quote.planChange,
        credits: quote.package.credits,
        payBy: input.payBy,
        renewalOf: input.renewalOf ?? null,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning()
    if (rows[0]) return rows[0]
    // A renewal conflicts on renewal_of when another sweep made it first.
    if (input.renewalOf) return null
    if (attempt >= 3) throw new Error('could not allocate an order code')
  }
}

export interface PaymentInstructions {
  method: PaymentMethod
  sandbox: boolean
  qr_payload?: string
  memo?: string
  bank?: { bin: string; account_number: string; account_name: string; bank_name: string }
  pay_url?: string
}

/**
 * How to pay a PENDING order (null when its method is not offered): the VietQR payload (amount + the code as memo) with the account to copy, or the
 * signed VNPay redirect (deterministic for an order: created/expiry dates are the order's own).
 */
export const paymentInstructions = (
  config: PaymentsConfig,
  order: OrderRow,
  request: { ip: string; locale: 'vi' | 'en'; apiPublicUrl: string },
): PaymentInstructions | null => {
  // A method that is not offered (incomplete set-up) shows no account and no pay link.
  const mode = config.methods[(order.paymentMethod ?? 'VIETQR') as PaymentMethod]?.mode
  if (mode !== 'real' && mode !== 'sandbox') return null
  if (order.paymentMethod === 'MOMO')
    return {
      method: 'MOMO',
      sandbox: config.momo.sandbox,
      ...(order.gatewayPayUrl ? { pay_url: order.gatewayPayUrl } : {}),
    }
  if (order.paymentMethod === 'VNPAY')
    return {
      method: 'VNPAY',
      sandbox: config.vnpay.sandbox,
      pay_url: buildVnpayPaymentUrl(config.vnpay, {
        orderCode: order.code!,
        amount: order.total,
        description: `Thanh toan don hang ${order.code}`,
        returnUrl: `${request.apiPublicUrl}/api/v1/payments/vnpay/return`,
        ipAddress: request.ip,
        locale: request.locale,
        createdAt: order.createdAt,
        expiresAt: order.payBy ?? order.createdAt,
      }),
    }
  return {
    method: 'VIETQR',
    sandbox: config.methods.VIETQR.mode === 'sandbox',
    qr_payload: buildVietQr({
      bankBin: config.bank.bin,
      accountNumber: config.bank.accountNumber,
      amount: order.total,
      memo: order.memo ?? order.code!,
    }),
    memo: order.memo ?? order.code!,
    bank: {
      bin: config.bank.bin,
      account_number: config.bank.accountNumber,
      account_name: config.bank.accountName,
      bank_name: config.bank.bankName,
    },
  }
}
