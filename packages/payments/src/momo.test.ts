import { describe, expect, it } from 'vitest'
import {
  decideMomoResult,
  momoCreateRequest,
  momoQueryRequest,
  momoResultSignature,
  momoVerifyResult,
  type MomoResult,
} from './momo.ts'

/**
 * MoMo's public test credentials (developers.momo.vn samples). The expected signatures were computed apart from
 * our signer — Python `hmac.new(secretKey, raw, sha256).hexdigest()` over the raw strings written out below in the
 * documented key order (payments-vn.md §B3) — so a wrong key order or an encoded value fails here.
 */
const credentials = {
  partnerCode: 'MOMO',
  accessKey: 'F8BBA842ECF85',
  secretKey: 'K951B6PE1waDMi640xX08PD3vg6EkVlz',
  endpoint: 'https://test-payment.momo.vn',
}
const ORDER = 'LOAK7Q2M9XA'

describe('MoMo signatures (captureWallet, IPN, query)', () => {
  it('signs the create request over accessKey…requestType, raw values', () => {
    // accessKey=F8BBA842ECF85&amount=50000&extraData=&ipnUrl=https://api.loa.vn/api/v1/payments/momo/ipn&orderId=
    // LOAK7Q2M9XA&orderInfo=Thanh toan don hang LOAK7Q2M9XA&partnerCode=MOMO&redirectUrl=https://api.loa.vn/api/
    // v1/payments/momo/return&requestId=LOAK7Q2M9XA-1&requestType=captureWallet
    const body = momoCreateRequest(credentials, {
      orderId: ORDER,
      requestId: `${ORDER}-1`,
      amount: 50_000,
      orderInfo: `Thanh toan don hang ${ORDER}`,
      redirectUrl: 'https://api.loa.vn/api/v1/payments/momo/return',
      ipnUrl: 'https://api.loa.vn/api/v1/payments/momo/ipn',
      lang: 'vi',
    })
    expect(body).toMatchObject({
      partnerCode: 'MOMO',
      requestType: 'captureWallet',
      extraData: '',
      amount: 50_000,
    })
    expect(body.signature).toBe('73f3a87a4a35f548ce475315007c0858a012c96b97f23a6beed6c46053362819')
  })

  const ipn: MomoResult = {
    partnerCode: 'MOMO',
    orderId: ORDER,
    requestId: `${ORDER}-1`,
    amount: 50_000,
    orderInfo: `Thanh toan don hang ${ORDER}`,
    orderType: 'momo_wallet',
    transId: 4088878653,
    resultCode: 0,
    message: 'Successful.',
    payType: 'qr',
    responseTime: 1764150000000,
    extraData: '',
    signature: '26ad3756ccd7645b8fc148e5387a3b89f0c94aca3c9403adce2aa033195afca5',
  }

  it('verifies an IPN signed over the thirteen documented fields, and nothing else', () => {
    expect(momoResultSignature(ipn, credentials)).toBe(ipn.signature)
    expect(momoVerifyResult(ipn, credentials)).toBe(true)
    // Numbers as strings (as some notices carry them) sign the same.
    expect(momoVerifyResult({ ...ipn, amount: '50000', resultCode: '0' }, credentials)).toBe(true)
    expect(momoVerifyResult({ ...ipn, amount: 5_000 }, credentials)).toBe(false)
    expect(momoVerifyResult({ ...ipn, signature: ipn.signature.replace('2', '3') }, credentials)).toBe(false)
    expect(momoVerifyResult(ipn, { ...credentials, secretKey: 'another-secret-key' })).toBe(false)
    expect(momoVerifyResult({ ...ipn, partnerCode: 'OTHER' }, credentials)).toBe(false)
  })

  it('signs the query over accessKey, orderId, partnerCode, requestId', () => {
    expect(momoQueryRequest(credentials, ORDER, `${ORDER}-q1`).signature).toBe(
      'ab9ae7c4b967025285b1d9028ffaf00c036592617feb677cfdff14efcf8e7bdc',
    )
  })

  it('pays only the exact amount of a pending order', () => {
    const pending = { total: 50_000, status: 'PENDING' as const }
    expect(decideMomoResult(ipn, pending)).toBe('pay')
    expect(decideMomoResult({ ...ipn, amount: 49_999 }, pending)).toBe('ignore')
    expect(decideMomoResult(ipn, null)).toBe('ignore')
    expect(decideMomoResult({ ...ipn, resultCode: 1006 }, pending)).toBe('fail')
    expect(decideMomoResult({ ...ipn, resultCode: 7000 }, pending)).toBe('ignore')
    expect(decideMomoResult(ipn, { total: 50_000, status: 'PAID' })).toBe('late')
    expect(decideMomoResult({ ...ipn, resultCode: 1006 }, { total: 50_000, status: 'PAID' })).toBe('ignore')
    expect(decideMomoResult(ipn, { total: 50_000, status: 'EXPIRED' })).toBe('late')
  })
})
