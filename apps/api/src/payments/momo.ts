import { AppError } from '@loa/contracts'
import type { Db } from '@loa/db'
import type { Ledger } from '@loa/ledger'
import {
  decideMomoResult,
  MOMO_CREATE_PATH,
  MOMO_QUERY_PATH,
  momoCreateRequest,
  momoQueryRequest,
  momoResultSchema,
  momoVerifyResult,
  type MomoCredentials,
  type MomoResult,
  type OrderStatus,
} from '@loa/payments'
import type { EventOutcome, OrderRow, RecordResult } from './settle.ts'
import { findOrderByCode, recordNotification } from './settle.ts'
import { PaymentErrorCode } from './errors.ts'

/** MoMo asks merchants to wait at least 30 s for its answers. */
const MOMO_TIMEOUT_MS = 30_000

type Momo = MomoCredentials & { sandbox: boolean }

/**
 * The pay page of a MOMO order: MoMo's create call (captureWallet) answers the payUrl the buyer is sent to. In
 * the sandbox the api's own labelled MoMo page stands in, given the same signed request as its query string.
 */
export const createMomoPayment = async (
  momo: Momo,
  order: OrderRow,
  urls: { apiPublicUrl: string; locale: 'vi' | 'en' },
  fetcher: typeof fetch = fetch,
): Promise<string> => {
  const request = momoCreateRequest(momo, {
    orderId: order.code!,
    requestId: `${order.code}-${Date.now()}`,
    amount: order.total,
    orderInfo: `Thanh toan don hang ${order.code}`,
    redirectUrl: `${urls.apiPublicUrl}/api/v1/payments/momo/return`,
    ipnUrl: `${urls.apiPublicUrl}/api/v1/payments/momo/ipn`,
    lang: urls.locale,
  })
  if (momo.sandbox) return `${momo.endpoint}?r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`
  const failed = (why: string) =>
    new AppError(PaymentErrorCode.MOMO_UNAVAILABLE, `MoMo did not create the payment: ${why}`, 502)
  let answer: { resultCode?: number; message?: string; payUrl?: string }
  try {
    const res = await fetcher(`${momo.endpoint}${MOMO_CREATE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(MOMO_TIMEOUT_MS),
    })
    answer = (await res.json()) as typeof answer
  } catch (error) {
    throw failed(String(error))
  }
  if (answer.resultCode !== 0 || !answer.payUrl) throw failed(`${answer.resultCode} ${answer.message ?? ''}`)
  return answer.payUrl
}

const OUTCOME: Record<'pay' | 'fail' | 'late', EventOutcome> = {
  pay: 'PAID',
  fail: 'FAILED',
  late: 'REFUND_DUE',
}

/**
 * A MoMo payment result (IPN or query answer): signature and partner first (forged → `invalid`, nothing stored),
 * then order, amount and status (decideMomoResult: an unknown order or another amount is `ignored`, nothing
 * stored), then one payment event per MoMo transaction and result, so a replay changes nothing.
 */
export const applyMomoResult = async (
  db: Db,
  ledger: Ledger,
  momo: MomoCredentials,
  body: unknown,
): Promise<RecordResult | 'invalid' | 'ignored'> => {
  const parsed = momoResultSchema.safeParse(body)
  if (!parsed.success || !momoVerifyResult(parsed.data, momo)) return 'invalid'
  const result: MomoResult = parsed.data
  const order = await findOrderByCode(db, result.orderId)
  const action = decideMomoResult(
    result,
    order && order.paymentMethod === 'MOMO'
      ? { total: order.total, status: order.status as OrderStatus }
      : null,
  )
  if (action === 'ignore') return 'ignored'
  return recordNotification(db, ledger, {
    provider: 'momo',
    providerTxnId: `${result.orderId}:${result.transId}:${result.resultCode}`,
    order,
    orderCode: result.orderId,
    amount: Number(result.amount),
    outcome: OUTCOME[action],
    payload: { ...result },
  })
}

/**
 * Reconciliation: asks MoMo for one order's result (the IPN may have been lost) and applies it like an IPN — the
 * same checks, and the same event key, so an IPN and a query of one transaction grant once.
 */
export const queryMomoOrder = async (
  db: Db,
  ledger: Ledger,
  momo: Momo,
  order: OrderRow,
  fetcher: typeof fetch = fetch,
): Promise<RecordResult | 'invalid' | 'ignored'> => {
  if (momo.sandbox) return 'ignored'
  const res = await fetcher(`${momo.endpoint}${MOMO_QUERY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(momoQueryRequest(momo, order.code!, `${order.code}-q${Date.now()}`)),
    signal: AbortSignal.timeout(MOMO_TIMEOUT_MS),
  })
  return applyMomoResult(db, ledger, momo, await res.json())
}
