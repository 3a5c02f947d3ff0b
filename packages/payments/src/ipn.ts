import { vnpSucceeded, vnpVerify, type VnpParams } from './vnpay.ts'

/** Order states of the payment flow. Only PENDING can become PAID; REFUNDED is the back office's refund of a PAID one. */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** VNPay's IPN answers (merchant → VNPay). */
export const VNPAY_RSP = {
  '00': 'Confirm Success',
  '01': 'Order not found',
  '02': 'Order already confirmed',
  '04': 'Invalid amount',
  '97': 'Invalid checksum',
  '99': 'Unknown error',
} as const
export type VnpayRspCode = keyof typeof VNPAY_RSP

/**
 * What to do with a notification: `pay` marks the order PAID and grants; `fail` closes a PENDING order the
 * buyer did not pay; `late` records money that arrived for an order that can no longer be paid (refund);
 * `ignore` changes nothing.
 */
export type NotificationAction = 'pay' | 'fail' | 'late' | 'ignore'

export interface IpnDecision {
  rspCode: VnpayRspCode
  action: NotificationAction
}

export interface OrderForPayment {
  /** Integer VND the buyer must pay. */
  total: number
  status: OrderStatus
}

/**
 * VNPay IPN decision, in the order VNPay's merchant guide checks: checksum (97) → order (01) → amount (04) →
 * status (02) → update (00). A failed payment on a PENDING order is answered 00 and closes the order.
 */
export const decideVnpayIpn = (
  params: VnpParams,
  hashSecret: string,
  order: OrderForPayment | null,
): IpnDecision => {
  if (!vnpVerify(params, hashSecret)) return { rspCode: '97', action: 'ignore' }
  if (!order) return { rspCode: '01', action: 'ignore' }
  if (!/^\d+$/.test(params.vnp_Amount ?? '') || Number(params.vnp_Amount) !== order.total * 100)
    return { rspCode: '04', action: 'ignore' }
  const succeeded = vnpSucceeded(params)
  if (order.status !== 'PENDING')
    return { rspCode: '02', action: succeeded && order.status !== 'PAID' ? 'late' : 'ignore' }
  return { rspCode: '00', action: succeeded ? 'pay' : 'fail' }
}

/** Outcome of matching a bank transfer with an order by memo and amount. */
export type TransferMatch = 'pay' | 'late' | 'already_paid' | 'amount_mismatch' | 'unknown_order' | 'outgoing'

export const matchBankTransfer = (
  transfer: { amount: number; incoming: boolean },
  order: OrderForPayment | null,
): TransferMatch => {
  if (!transfer.incoming) return 'outgoing'
  if (!order) return 'unknown_order'
  if (transfer.amount !== order.total) return 'amount_mismatch'
  if (order.status === 'PAID') return 'already_paid'
  return order.status === 'PENDING' ? 'pay' : 'late'
}
