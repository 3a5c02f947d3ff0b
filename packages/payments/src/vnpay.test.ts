import { describe, expect, it } from 'vitest'
import { decideVnpayIpn } from './ipn.ts'
import { buildVnpayPaymentUrl, vnpDate, vnpSign, vnpSignData, vnpSignedQuery, vnpVerify } from './vnpay.ts'

const SECRET = 'SANDBOXSECRETKEY0123456789ABCDEF'
const PARAMS = {
  vnp_Version: '2.1.0',
  vnp_Command: 'pay',
  vnp_TmnCode: 'LOATEST1',
  vnp_Amount: '10890000',
  vnp_CreateDate: '20261123213000',
  vnp_ExpireDate: '20261123221500',
  vnp_CurrCode: 'VND',
  vnp_IpAddr: '127.0.0.1',
  vnp_Locale: 'vn',
  vnp_OrderInfo: 'Thanh toan don hang LOA7K3M9Q2X',
  vnp_OrderType: 'other',
  vnp_ReturnUrl: 'http://localhost:3000/studio/payments?tab=orders',
  vnp_TxnRef: 'LOA7K3M9Q2X',
}
// Computed independently with Python (urllib.parse.quote_plus = PHP urlencode, hmac sha512).
const SIGN_DATA =
  'vnp_Amount=10890000&vnp_Command=pay&vnp_CreateDate=20261123213000&vnp_CurrCode=VND&vnp_ExpireDate=20261123221500&vnp_IpAddr=127.0.0.1&vnp_Locale=vn&vnp_OrderInfo=Thanh+toan+don+hang+LOA7K3M9Q2X&vnp_OrderType=other&vnp_ReturnUrl=http%3A%2F%2Flocalhost%3A3000%2Fstudio%2Fpayments%3Ftab%3Dorders&vnp_TmnCode=LOATEST1&vnp_TxnRef=LOA7K3M9Q2X&vnp_Version=2.1.0'
const HASH =
  '15b20c8dcf77327b190a9216eb7d8fbfe5173a4a1309b2ea7bc23a3b635b6936e9c67fe5c8803ed829ae8e10a8372698d08b90a2625385d0c21d23aaaa307e35'

describe('VNPay 2.1.0 signing', () => {
  it('signs sorted, form-encoded params with HMAC-SHA512', () => {
    expect(vnpSignData(PARAMS)).toBe(SIGN_DATA)
    expect(vnpSign(PARAMS, SECRET)).toBe(HASH)
    expect(vnpSignData({ ...PARAMS, vnp_BankCode: '' })).toBe(SIGN_DATA)
  })

  it('builds the redirect URL VNPay expects', () => {
    const url = buildVnpayPaymentUrl(
      {
        tmnCode: 'LOATEST1',
        hashSecret: SECRET,
        payUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      },
      {
        orderCode: 'LOA7K3M9Q2X',
        amount: 108_900,
        description: 'Thanh toán đơn hàng LOA7K3M9Q2X',
        returnUrl: PARAMS.vnp_ReturnUrl,
        ipAddress: '127.0.0.1',
        locale: 'vi',
        createdAt: new Date('2026-11-23T14:30:00Z'),
        expiresAt: new Date('2026-11-23T15:15:00Z'),
      },
    )
    expect(url).toBe(`https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?${SIGN_DATA}&vnp_SecureHash=${HASH}`)
    // What VNPay receives parses back into the same params (URLSearchParams decodes + as space).
    const back = Object.fromEntries(new URL(url).searchParams)
    expect(vnpVerify(back, SECRET)).toBe(true)
  })

  it('formats dates in Vietnam time', () => {
    expect(vnpDate(new Date('2026-11-23T17:05:09Z'))).toBe('20261124000509')
  })

  it('rejects a tampered, truncated or foreign-key signature', () => {
    const signed = { ...PARAMS, vnp_SecureHash: HASH }
    expect(vnpVerify(signed, SECRET)).toBe(true)
    expect(vnpVerify({ ...signed, vnp_Amount: '100' }, SECRET)).toBe(false)
    expect(vnpVerify({ ...signed, vnp_SecureHash: HASH.slice(2) }, SECRET)).toBe(false)
    expect(vnpVerify(signed, 'ANOTHERSECRET')).toBe(false)
    expect(vnpVerify(PARAMS, SECRET)).toBe(false)
  })
})

describe('VNPay IPN decision', () => {
  const ipn = (extra: Record<string, string>) => {
    const params: Record<string, string> = {
      vnp_TmnCode: 'LOATEST1',
      vnp_Amount: '10890000',
      vnp_TxnRef: 'LOA7K3M9Q2X',
      vnp_TransactionNo: '14226112',
      vnp_ResponseCode: '00',
      vnp_TransactionStatus: '00',
      vnp_PayDate: '20261123213500',
      ...extra,
    }
    return Object.fromEntries(new URLSearchParams(`${vnpSignedQuery(params, SECRET)}`))
  }
  const pending = { total: 108_900, status: 'PENDING' as const }

  it('answers 00 and pays a pending order whose amount matches', () => {
    expect(decideVnpayIpn(ipn({}), SECRET, pending)).toEqual({ rspCode: '00', action: 'pay' })
  })
  it('answers 00 and closes the order when the buyer did not pay', () => {
    expect(
      decideVnpayIpn(ipn({ vnp_ResponseCode: '24', vnp_TransactionStatus: '02' }), SECRET, pending),
    ).toEqual({
      rspCode: '00',
      action: 'fail',
    })
  })
  it('answers 97 to a forged signature before looking at the order', () => {
    const forged = { ...ipn({}), vnp_Amount: '100' }
    expect(decideVnpayIpn(forged, SECRET, null)).toEqual({ rspCode: '97', action: 'ignore' })
  })
  it('answers 01, 04 and 02 in VNPay’s order', () => {
    expect(decideVnpayIpn(ipn({}), SECRET, null).rspCode).toBe('01')
    expect(decideVnpayIpn(ipn({ vnp_Amount: '100' }), SECRET, pending).rspCode).toBe('04')
    expect(decideVnpayIpn(ipn({}), SECRET, { ...pending, status: 'PAID' })).toEqual({
      rspCode: '02',
      action: 'ignore',
    })
  })
  it('records a late payment of a cancelled or expired order for refund', () => {
    expect(decideVnpayIpn(ipn({}), SECRET, { ...pending, status: 'EXPIRED' })).toEqual({
      rspCode: '02',
      action: 'late',
    })
    expect(decideVnpayIpn(ipn({}), SECRET, { ...pending, status: 'REFUNDED' })).toEqual({
      rspCode: '02',
      action: 'late',
    })
    expect(decideVnpayIpn(ipn({}), SECRET, { ...pending, status: 'CANCELLED' })).toEqual({
      rspCode: '02',
      action: 'late',
    })
  })
})
