import type { Db } from '@loa/db'
import type { Ledger } from '@loa/ledger'
import {
  decideVnpayIpn,
  findOrderCode,
  matchBankTransfer,
  VNPAY_RSP,
  type BankTransfer,
  type OrderStatus,
  type TransferMatch,
  type VnpayRspCode,
  type VnpParams,
} from '@loa/payments'
import { findOrderByCode, recordNotification, type EventOutcome } from './settle.ts'

const OUTCOME_OF_MATCH: Record<TransferMatch, EventOutcome> = {
  pay: 'PAID',
  late: 'REFUND_DUE',
  // A second, different transfer for a paid order is money to give back.
  already_paid: 'REFUND_DUE',
  amount_mismatch: 'AMOUNT_MISMATCH',
  unknown_order: 'UNMATCHED',
  outgoing: 'IGNORED',
}

/**
 * A bank transaction from an authenticated webhook: matched with an order by the code in its memo and its
 * amount, recorded once per provider transaction, and (exact amount, PENDING order) paid.
 */
export const handleBankTransfer = async (db: Db, ledger: Ledger, transfer: BankTransfer) => {
  const code = findOrderCode(transfer.content)
  const order = code ? await findOrderByCode(db, code) : null
  const match = matchBankTransfer(
    transfer,
    order ? { total: order.total, status: order.status as OrderStatus } : null,
  )
  return recordNotification(db, ledger, {
    provider: transfer.provider,
    providerTxnId: transfer.transactionId,
    order,
    orderCode: code,
    amount: transfer.amount,
    outcome: OUTCOME_OF_MATCH[match],
    payload: { ...transfer },
  })
}

/**
 * VNPay's IPN, the source of truth for card/QR payments: checksum (97) → order (01) → amount (04) → status
 * (02) → record and update (00). Rejected notices (97/01/04) are not stored: they change nothing.
 */
export const handleVnpayIpn = async (
  db: Db,
  ledger: Ledger,
  params: VnpParams,
  hashSecret: string,
): Promise<{ RspCode: VnpayRspCode; Message: string }> => {
  const answer = (code: VnpayRspCode) => ({ RspCode: code, Message: VNPAY_RSP[code] })
  const order = params.vnp_TxnRef ? await findOrderByCode(db, params.vnp_TxnRef) : null
  const decision = decideVnpayIpn(
    params,
    hashSecret,
    order ? { total: order.total, status: order.status as OrderStatus } : null,
  )
  if (decision.action === 'ignore') return answer(decision.rspCode)
  const outcome: EventOutcome =
    decision.action === 'pay' ? 'PAID' : decision.action === 'fail' ? 'FAILED' : 'REFUND_DUE'
  const result = await recordNotification(db, ledger, {
    provider: 'vnpay',
    providerTxnId: `${params.vnp_TxnRef}:${params.vnp_TransactionNo ?? ''}:${params.vnp_ResponseCode ?? ''}`,
    order,
    orderCode: params.vnp_TxnRef ?? null,
    amount: Math.floor(Number(params.vnp_Amount) / 100),
    outcome,
    payload: { ...params },
  })
  return answer(result === 'PAID' || result === 'FAILED' ? '00' : '02')
}
