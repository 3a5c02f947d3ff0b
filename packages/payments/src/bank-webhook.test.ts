import { describe, expect, it } from 'vitest'
import { matchBankTransfer } from './ipn.ts'
import {
  cassoPayloadSchema,
  cassoSignature,
  cassoVerify,
  fromCasso,
  fromSepay,
  sepayAuthorized,
  sepayPayloadSchema,
} from './bank-webhook.ts'
import { findOrderCode, isOrderCode, newOrderCode } from './order-code.ts'

// CassoHQ/casso-webhook-v2-verify-signature python.py (checked in the reference, payments-vn.md §B4).
const CASSO_BODY = {
  error: 0,
  data: {
    id: 0,
    reference: 'MA_GIAO_DICH_THU_NGHIEM',
    description: 'giao dich thu nghiem',
    amount: 599000,
    runningBalance: 25000000,
    transactionDateTime: '2024-10-03 15:06:37',
    accountNumber: '88888888',
    bankName: 'VPBank',
    bankAbbreviation: 'VPB',
    virtualAccountNumber: '',
    virtualAccountName: '',
    counterAccountName: 'NGUYEN VAN A',
    counterAccountNumber: '8888888888',
    counterAccountBankId: '970415',
    counterAccountBankName: 'VietinBank',
  },
}
const CASSO_KEY = 'mgExMrjj4i7a1p8Cs6LmFbpCd8lbw4sSX4LZXPag7TKazeIogtR90tvWYTkwQbvs'
const CASSO_HEADER =
  't=1727948258788,v1=ed0a4bd2e826d5cb69988cdb141e6c1a080e21f3b57eb72cd78192220042b9e7dde0868fc667faea8e224900fa7904e7c88dfa098032fb2d6b6996856e8b7ff3'

describe('Casso webhook V2', () => {
  it('verifies the reference vector', () => {
    expect(cassoVerify(CASSO_HEADER, CASSO_BODY, CASSO_KEY)).toBe(true)
    expect(cassoSignature(CASSO_BODY, '1727948258788', CASSO_KEY)).toBe(CASSO_HEADER.split('v1=')[1])
  })
  it('rejects a changed body, another key, a malformed header and an old timestamp', () => {
    expect(
      cassoVerify(CASSO_HEADER, { ...CASSO_BODY, data: { ...CASSO_BODY.data, amount: 1 } }, CASSO_KEY),
    ).toBe(false)
    expect(cassoVerify(CASSO_HEADER, CASSO_BODY, 'other')).toBe(false)
    expect(cassoVerify('v1=abc', CASSO_BODY, CASSO_KEY)).toBe(false)
    expect(cassoVerify(undefined, CASSO_BODY, CASSO_KEY)).toBe(false)
    expect(
      cassoVerify(CASSO_HEADER, CASSO_BODY, CASSO_KEY, { now: 1727948258788 + 600_000, maxAgeMs: 300_000 }),
    ).toBe(false)
  })
  it('reads the transaction', () => {
    expect(fromCasso(cassoPayloadSchema.parse(CASSO_BODY))).toMatchObject({
      provider: 'casso',
      transactionId: '0',
      amount: 599000,
      incoming: true,
      content: 'giao dich thu nghiem',
    })
  })
})

describe('SePay webhook', () => {
  it('accepts only the configured API key', () => {
    expect(sepayAuthorized('Apikey s3cret-key', 's3cret-key')).toBe(true)
    expect(sepayAuthorized('apikey   s3cret-key', 's3cret-key')).toBe(true)
    expect(sepayAuthorized('Apikey s3cret-kez', 's3cret-key')).toBe(false)
    expect(sepayAuthorized('Bearer s3cret-key', 's3cret-key')).toBe(false)
    expect(sepayAuthorized(undefined, 's3cret-key')).toBe(false)
  })
  it('reads the transaction and finds the order code in the memo', () => {
    const transfer = fromSepay(
      sepayPayloadSchema.parse({
        id: 92704,
        gateway: 'Vietcombank',
        transactionDate: '2026-11-23 14:02:37',
        accountNumber: '0123499999',
        code: null,
        content: 'MBVCB.1234.loa7k3m9q2x.CT tu 0123 NGUYEN VAN A',
        transferType: 'in',
        transferAmount: 108900,
        accumulated: 19077000,
        subAccount: null,
        referenceCode: 'MBVCB.3278907687',
      }),
    )
    expect(transfer).toMatchObject({ transactionId: '92704', amount: 108900, incoming: true })
    expect(findOrderCode(transfer.content)).toBe('LOA7K3M9Q2X')
  })
})

describe('order codes and transfer matching', () => {
  it('makes readable codes that survive a bank memo', () => {
    const code = newOrderCode()
    expect(isOrderCode(code)).toBe(true)
    expect(findOrderCode(`CK ${code.slice(0, 5)} ${code.slice(5).toLowerCase()}`)).toBe(code)
    expect(findOrderCode('chuyen tien an trua')).toBeNull()
  })
  it('pays only an incoming transfer of the exact amount to a pending order', () => {
    const order = { total: 108_900, status: 'PENDING' as const }
    expect(matchBankTransfer({ amount: 108_900, incoming: true }, order)).toBe('pay')
    expect(matchBankTransfer({ amount: 100_000, incoming: true }, order)).toBe('amount_mismatch')
    expect(matchBankTransfer({ amount: 108_900, incoming: false }, order)).toBe('outgoing')
    expect(matchBankTransfer({ amount: 108_900, incoming: true }, null)).toBe('unknown_order')
    expect(matchBankTransfer({ amount: 108_900, incoming: true }, { ...order, status: 'PAID' })).toBe(
      'already_paid',
    )
    expect(matchBankTransfer({ amount: 108_900, incoming: true }, { ...order, status: 'EXPIRED' })).toBe(
      'late',
    )
  })
})
