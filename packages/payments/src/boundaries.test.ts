import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { cassoVerify, fromCasso, fromSepay, sepayAuthorized, sepayPayloadSchema } from './bank-webhook.ts'
import { decideVnpayIpn } from './ipn.ts'
import { creditsExpiry, planChangeKind } from './plan-change.ts'
import { priceOrder } from './pricing.ts'
import { buildVietQr, parseEmvco, readTlv, tlv } from './vietqr.ts'
import { crc16CcittFalse } from './crc16.ts'
import {
  decideMomoResult,
  MOMO_CREATE_PATH,
  MOMO_QUERY_PATH,
  momoRawSignature,
  momoResultSchema,
  momoResultSignature,
  momoVerifyResult,
} from './momo.ts'
import { ctx, now, voucher } from './voucher-fixture.ts'
import { chooseDiscount, voucherProblem } from './vouchers.ts'
import { buildVnpayPaymentUrl, vnpSign, vnpSignData, vnpSucceeded, vnpVerify } from './vnpay.ts'

// The boundary and "off" case of each payment rule whose normal case the other files test: the mutants
// `npm run test:mutation` found surviving (issue 36) — an equal amount, an instant exactly at a limit, the
// other one of two conditions.

const ms = (n: number) => new Date(now.getTime() + n)

describe('voucher limits, at and inside each bound', () => {
  it('is usable from its start instant until (not at) its end', () => {
    expect(voucherProblem(voucher({ startsAt: now }), ctx)).toBeNull()
    expect(voucherProblem(voucher({ startsAt: ms(-1) }), ctx)).toBeNull()
    expect(voucherProblem(voucher({ startsAt: ms(1) }), ctx)).toBe('VOUCHER_NOT_STARTED')
    expect(voucherProblem(voucher({ endsAt: ms(1) }), ctx)).toBeNull()
    expect(voucherProblem(voucher({ endsAt: now }), ctx)).toBe('VOUCHER_EXPIRED')
  })

  it('accepts an order of exactly the minimum amount', () => {
    expect(voucherProblem(voucher({ minOrderAmount: 399_000 }), ctx)).toBeNull()
    expect(voucherProblem(voucher({ minOrderAmount: 100_000 }), ctx)).toBeNull()
    expect(voucherProblem(voucher({ minOrderAmount: 399_001 }), ctx)).toBe('VOUCHER_MIN_ORDER')
  })

  it('lets each audience in, and counts uses up to (not past) the limits', () => {
    expect(voucherProblem(voucher({ audience: 'NEW_USER' }), ctx)).toBeNull()
    expect(voucherProblem(voucher({ audience: 'PAID_USER' }), { ...ctx, hasPaidOrder: true })).toBeNull()
    expect(voucherProblem(voucher({ usageLimit: 3, usedCount: 2 }), ctx)).toBeNull()
    expect(voucherProblem(voucher({ perUserLimit: 2 }), { ...ctx, userUses: 1 })).toBeNull()
  })

  it('keeps the earlier candidate on a tie, and never a smaller later one', () => {
    const entered = voucher({ code: 'ENTERED', discountPercent: null, discountAmount: 50_000 })
    const same = voucher({ code: 'SAME', discountPercent: null, discountAmount: 50_000 })
    const smaller = voucher({ code: 'SMALL', discountPercent: null, discountAmount: 10_000 })
    const base = {
      price: 399_000,
      entered,
      usable: [same, smaller],
      firstPaidPercent: 0,
      bestVoucherRule: true,
    }
    expect(chooseDiscount(base)).toEqual({ source: { kind: 'voucher', code: 'ENTERED' }, amount: 50_000 })
    expect(chooseDiscount({ ...base, entered: null })).toEqual({
      source: { kind: 'voucher', code: 'SAME' },
      amount: 50_000,
    })
  })
})

describe('plan change at its edges', () => {
  const standard = { code: 'STUDIO-STANDARD-MONTH-V3.1', cycle: 'monthly' as const, price: 99_000 }
  const vip = { code: 'STUDIO-VIP-MONTH-V3.1', cycle: 'monthly' as const, price: 399_000 }

  it('treats a plan expiring this instant, or a free plan, as not running', () => {
    expect(planChangeKind({ package: vip, expiresAt: now }, standard, now)).toBe('upgrade')
    const free = { code: 'FREE', cycle: 'monthly' as const, price: 0 }
    expect(planChangeKind({ package: free, expiresAt: null }, free, now)).toBe('upgrade')
  })

  it('is same_level for the same package at a new price, and for another package of equal monthly price', () => {
    const oldPrice = { ...standard, price: 89_000 }
    expect(planChangeKind({ package: oldPrice, expiresAt: null }, standard, now)).toBe('same_level')
    const twin = { ...standard, code: 'STUDIO-STANDARD-PROMO' }
    expect(planChangeKind({ package: twin, expiresAt: null }, standard, now)).toBe('same_level')
  })

  it('starts a same-level period now when nothing is running', () => {
    const in30Days = ms(30 * 86_400_000)
    expect(creditsExpiry('same_level', standard, null, now)).toEqual(in30Days)
    expect(creditsExpiry('same_level', standard, { package: standard, expiresAt: ms(-1) }, now)).toEqual(
      in30Days,
    )
    expect(creditsExpiry('same_level', standard, { package: standard, expiresAt: now }, now)).toEqual(
      in30Days,
    )
  })
})

describe('order price', () => {
  it('prices a free order and refuses a negative or fractional price', () => {
    expect(priceOrder(0, 0, 10)).toMatchObject({ subtotal: 0, vat: 0, total: 0 })
    expect(() => priceOrder(-1, 0, 10)).toThrow('price must be a non-negative integer')
    expect(() => priceOrder(1.5, 0, 10)).toThrow(RangeError)
  })
})

describe('VietQR input and payload checks', () => {
  const input = { bankBin: '970436', accountNumber: '0011004455667' }

  it('takes a field of 99 characters, not 100', () => {
    expect(tlv('62', 'x'.repeat(99))).toBe(`6299${'x'.repeat(99)}`)
    expect(() => tlv('62', 'x'.repeat(100))).toThrow('EMVCo field 62 is longer than 99 characters')
  })

  it('refuses a malformed bank BIN, account number or amount', () => {
    for (const bankBin of ['97043', '9704361', 'x970436', '970436x'])
      expect(() => buildVietQr({ ...input, bankBin })).toThrow('bank BIN must be 6 digits')
    for (const accountNumber of ['', '1'.repeat(20), '-0011004455', '0011004455-', '0011 0044'])
      expect(() => buildVietQr({ ...input, accountNumber })).toThrow('account number must be 1–19 characters')
    expect(buildVietQr({ ...input, accountNumber: '1'.repeat(19) })).toContain('1'.repeat(19))
    for (const amount of [0, -1, 1.5])
      expect(() => buildVietQr({ ...input, amount })).toThrow('amount must be a positive integer of VND')
    expect(buildVietQr({ ...input, amount: 1 })).toContain('54011')
  })

  it('refuses a TLV whose length is not two digits or runs past the end', () => {
    expect([...readTlv('0002AB0101C')]).toEqual([
      ['00', 'AB'],
      ['01', 'C'],
    ])
    expect(() => readTlv('00AB12')).toThrow('EMVCo payload is malformed')
    expect(() => readTlv('0005abc')).toThrow('EMVCo payload is malformed')
    expect(() => readTlv('0002AB0103C')).toThrow('EMVCo payload is malformed')
  })

  it('refuses a payload without the CRC tag even when its checksum matches', () => {
    const body = '000201010211'
    expect(() => parseEmvco(body + crc16CcittFalse(body))).toThrow('EMVCo payload has a bad CRC')
  })
})

describe('VNPay checks', () => {
  const SECRET = 'SANDBOXSECRETKEY0123456789ABCDEF'
  const params = { vnp_Amount: '10890000', vnp_TxnRef: 'LOA7K3M9Q2X', vnp_ResponseCode: '00' }
  const signed = (p: Record<string, string>) => ({ ...p, vnp_SecureHash: vnpSign(p, SECRET) })

  it('signs neither the hash fields nor absent values', () => {
    const data = 'vnp_Amount=10890000&vnp_ResponseCode=00&vnp_TxnRef=LOA7K3M9Q2X'
    expect(vnpSignData({ ...params, vnp_SecureHash: 'ab', vnp_SecureHashType: 'HmacSHA512' })).toBe(data)
    expect(vnpSignData({ ...params, vnp_BankCode: undefined as unknown as string })).toBe(data)
  })

  it('answers false, without throwing, to a hash that is not 128 hex digits', () => {
    const good = signed(params)
    expect(vnpVerify(good, SECRET)).toBe(true)
    for (const hash of ['zz', `${good.vnp_SecureHash}ff`, `ff${good.vnp_SecureHash}`, 'g'.repeat(128)])
      expect(vnpVerify({ ...params, vnp_SecureHash: hash }, SECRET)).toBe(false)
  })

  it('counts a payment as paid only when both codes are 00', () => {
    expect(vnpSucceeded({ vnp_ResponseCode: '00', vnp_TransactionStatus: '00' })).toBe(true)
    expect(vnpSucceeded({ vnp_ResponseCode: '00', vnp_TransactionStatus: '02' })).toBe(false)
    expect(vnpSucceeded({ vnp_ResponseCode: '24', vnp_TransactionStatus: '00' })).toBe(false)
  })

  it('refuses an amount that only parses as a number', () => {
    const order = { total: 108_900, status: 'PENDING' as const }
    for (const amount of ['+10890000', '10890000 ', ' 10890000'])
      expect(decideVnpayIpn(signed({ ...params, vnp_Amount: amount }), SECRET, order).rspCode).toBe('04')
  })

  it('sends the English page for en and the Vietnamese one otherwise', () => {
    const credentials = { tmnCode: 'LOATEST1', hashSecret: SECRET, payUrl: 'https://pay.example/vpcpay.html' }
    const input = {
      orderCode: 'LOA7K3M9Q2X',
      amount: 108_900,
      description: 'Thanh toán',
      returnUrl: 'http://localhost:3000/',
      ipAddress: '127.0.0.1',
      createdAt: now,
      expiresAt: ms(900_000),
    }
    const locale = (l: 'vi' | 'en') =>
      new URL(buildVnpayPaymentUrl(credentials, { ...input, locale: l })).searchParams.get('vnp_Locale')
    expect(locale('en')).toBe('en')
    expect(locale('vi')).toBe('vn')
  })
})

describe('bank webhooks at their edges', () => {
  it('reads a SePay transfer: code before memo, direction, no code at all', () => {
    const base = sepayPayloadSchema.parse({ id: 7, transferType: 'in', transferAmount: 1, content: ' memo ' })
    expect(fromSepay(base)).toMatchObject({
      provider: 'sepay',
      transactionId: '7',
      content: 'memo',
      incoming: true,
    })
    expect(fromSepay({ ...base, code: 'LOA7K3M9Q2X' }).content).toBe('LOA7K3M9Q2X  memo')
    expect(fromSepay({ ...base, transferType: 'out' }).incoming).toBe(false)
  })

  it('checks the SePay key exactly, whatever its length, after trimming the header', () => {
    expect(sepayAuthorized('  Apikey s3cret-key  ', 's3cret-key')).toBe(true)
    expect(sepayAuthorized('Token Apikey s3cret-key', 's3cret-key')).toBe(false)
    expect(sepayAuthorized('Apikey s3cret', 's3cret-key')).toBe(false)
    expect(sepayAuthorized(undefined, 's3cret-key')).toBe(false)
  })

  it('reads a Casso amount of 0 or below as not incoming', () => {
    const data = { id: 1, reference: '', description: '', accountNumber: '' }
    expect(fromCasso({ error: 0, data: { ...data, amount: 0 } }).incoming).toBe(false)
    expect(fromCasso({ error: 0, data: { ...data, amount: -5 } })).toMatchObject({
      amount: 5,
      incoming: false,
    })
  })

  describe('Casso signature', () => {
    const key = 'casso-key'
    const t = '1767225600000'
    const body = { b: 1, a: [{ d: 1, c: 2 }] }
    // The documented base string written out by hand: keys sorted at every depth, arrays kept in order.
    const mac = (ts: string) =>
      createHmac('sha512', key).update(`${ts}.{"a":[{"c":2,"d":1}],"b":1}`).digest('hex')
    const header = (ts = t, v1 = mac(ts)) => `t=${ts}, v1=${v1}`

    it('signs objects inside arrays with sorted keys', () => {
      expect(cassoVerify(header(), body, key)).toBe(true)
      expect(cassoVerify(header(t, mac(t).toUpperCase()), body, key)).toBe(true)
    })

    it('refuses a malformed timestamp or MAC', () => {
      for (const ts of ['', '176722560', 'x1767225600000', '1767225600000x', '12345678901234567'])
        expect(cassoVerify(`t=${ts},v1=${mac(t)}`, body, key)).toBe(false)
      for (const v1 of ['', mac(t).slice(1), `${mac(t)}0`, `0${mac(t)}`, `z${mac(t).slice(1)}`])
        expect(cassoVerify(`t=${t},v1=${v1}`, body, key)).toBe(false)
      expect(cassoVerify(`t=${t}`, body, key)).toBe(false)
    })

    it('applies the age limit only when given, up to and including it', () => {
      const sent = Number(t)
      expect(cassoVerify(header(), body, key, { now: sent + 10 ** 9 })).toBe(true)
      expect(cassoVerify(header(), body, key, { now: sent + 300_000, maxAgeMs: 300_000 })).toBe(true)
      expect(cassoVerify(header(), body, key, { now: sent - 300_000, maxAgeMs: 300_000 })).toBe(true)
      expect(cassoVerify(header(), body, key, { now: sent + 300_001, maxAgeMs: 300_000 })).toBe(false)
      const fresh = String(Date.now())
      expect(cassoVerify(header(fresh), body, key, { maxAgeMs: 60_000 })).toBe(true)
    })
  })
})

describe('MoMo results at their edges', () => {
  const credentials = {
    partnerCode: 'MOMO',
    accessKey: 'AK',
    secretKey: 'SK',
    endpoint: 'https://pay.example',
  }
  const minimal = {
    partnerCode: 'MOMO',
    orderId: 'LOAK7Q2M9XA',
    requestId: 'r1',
    amount: 50_000,
    transId: 1,
    resultCode: 0,
    responseTime: 1,
    signature: 'x',
  }
  const signedAs = (over: Record<string, unknown>) => {
    const result = momoResultSchema.parse({ ...minimal, ...over })
    return { ...result, signature: momoResultSignature(result, credentials) }
  }

  it('calls the documented v2 paths', () => {
    expect(MOMO_CREATE_PATH).toBe('/v2/gateway/api/create')
    expect(MOMO_QUERY_PATH).toBe('/v2/gateway/api/query')
  })

  it('reads a result with the optional fields absent as empty, numbers as numbers or strings', () => {
    expect(momoResultSchema.parse(minimal)).toMatchObject({
      orderInfo: '',
      orderType: '',
      message: '',
      payType: '',
      extraData: '',
    })
    expect(
      momoResultSchema.parse({
        ...minimal,
        amount: '50000',
        transId: '1',
        resultCode: '0',
        responseTime: '1',
      }),
    ).toBeTruthy()
    expect(momoRawSignature(['a', 'b'], { a: 1 })).toBe('a=1&b=')
  })

  it('refuses another partner code even when signed with our key, and a malformed signature without throwing', () => {
    const ours = signedAs({})
    expect(momoVerifyResult(ours, credentials)).toBe(true)
    expect(momoVerifyResult(signedAs({ partnerCode: 'OTHER' }), credentials)).toBe(false)
    for (const signature of ['zz', `${ours.signature}ab`, `ab${ours.signature}`, 'g'.repeat(64)])
      expect(momoVerifyResult({ ...ours, signature }, credentials)).toBe(false)
  })

  it('ignores an amount that only parses as a number', () => {
    const order = { total: 50_000, status: 'PENDING' as const }
    expect(decideMomoResult(signedAs({}), order)).toBe('pay')
    for (const amount of ['+50000', '50000 ', ' 50000'])
      expect(decideMomoResult(signedAs({ amount }), order)).toBe('ignore')
  })
})
