import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { NotificationAction, OrderForPayment } from './ipn.ts'

/**
 * MoMo wallet, payment gateway v2 (one-time payment, `captureWallet`) — reference payments-vn.md §B3. Every
 * signature is hex HMAC-SHA256(secretKey, `k=v&…`) over raw values (no URL encoding), keys a–z.
 */
export const MOMO_TEST_ENDPOINT = 'https://test-payment.momo.vn'
export const MOMO_CREATE_PATH = '/v2/gateway/api/create'
export const MOMO_QUERY_PATH = '/v2/gateway/api/query'

export interface MomoCredentials {
  partnerCode: string
  accessKey: string
  secretKey: string
  /** `https://payment.momo.vn` in production, the test host otherwise; the api calls `${endpoint}/v2/…`. */
  endpoint: string
}

const CREATE_KEYS = [
  'accessKey',
  'amount',
  'extraData',
  'ipnUrl',
  'orderId',
  'orderInfo',
  'partnerCode',
  'redirectUrl',
  'requestId',
  'requestType',
] as const
const RESULT_KEYS = [
  'accessKey',
  'amount',
  'extraData',
  'message',
  'orderId',
  'orderInfo',
  'orderType',
  'partnerCode',
  'payType',
  'requestId',
  'responseTime',
  'resultCode',
  'transId',
] as const
const QUERY_KEYS = ['accessKey', 'orderId', 'partnerCode', 'requestId'] as const

type Values = Record<string, string | number>

/** `accessKey=…&amount=…&…` over the given keys, in their (a–z) order, raw values. */
export const momoRawSignature = (keys: readonly string[], values: Values): string =>
  keys.map((k) => `${k}=${values[k] ?? ''}`).join('&')

const hmac = (secretKey: string, raw: string) =>
  createHmac('sha256', secretKey).update(raw, 'utf8').digest('hex')

export interface MomoCreateRequest {
  partnerCode: string
  requestId: string
  amount: number
  orderId: string
  orderInfo: string
  redirectUrl: string
  ipnUrl: string
  requestType: 'captureWallet'
  extraData: string
  lang: 'vi' | 'en'
  signature: string
}

/** The body of `POST /v2/gateway/api/create` for a wallet payment, signed. */
export const momoCreateRequest = (
  credentials: MomoCredentials,
  input: {
    orderId: string
    requestId: string
    amount: number
    orderInfo: string
    redirectUrl: string
    ipnUrl: string
    lang: 'vi' | 'en'
  },
): MomoCreateRequest => {
  const fields = {
    ...input,
    partnerCode: credentials.partnerCode,
    requestType: 'captureWallet' as const,
    extraData: '',
  }
  const signature = hmac(
    credentials.secretKey,
    momoRawSignature(CREATE_KEYS, { ...fields, accessKey: credentials.accessKey }),
  )
  return { ...fields, signature }
}

/** The body of `POST /v2/gateway/api/query` (reconciliation of one order), signed. */
export const momoQueryRequest = (credentials: MomoCredentials, orderId: string, requestId: string) => {
  const fields = { partnerCode: credentials.partnerCode, orderId, requestId, lang: 'vi' as const }
  const signature = hmac(
    credentials.secretKey,
    momoRawSignature(QUERY_KEYS, { ...fields, accessKey: credentials.accessKey }),
  )
  return { ...fields, signature }
}

/** A payment result as MoMo posts it to the IPN (and answers a query with). Numbers may come as strings. */
export const momoResultSchema = z.object({
  partnerCode: z.string(),
  orderId: z.string(),
  requestId: z.string(),
  amount: z.union([z.number(), z.string()]),
  orderInfo: z.string().default(''),
  orderType: z.string().default(''),
  transId: z.union([z.number(), z.string()]),
  resultCode: z.union([z.number(), z.string()]),
  message: z.string().default(''),
  payType: z.string().default(''),
  responseTime: z.union([z.number(), z.string()]),
  extraData: z.string().default(''),
  signature: z.string(),
})
export type MomoResult = z.infer<typeof momoResultSchema>

/** hex HMAC-SHA256 of a result (IPN or query answer). */
export const momoResultSignature = (result: Omit<MomoResult, 'signature'>, credentials: MomoCredentials) =>
  hmac(credentials.secretKey, momoRawSignature(RESULT_KEYS, { ...result, accessKey: credentials.accessKey }))

/** True when the result is signed with our secret key and is for our partner code (constant-time comparison). */
export const momoVerifyResult = (result: MomoResult, credentials: MomoCredentials): boolean => {
  if (result.partnerCode !== credentials.partnerCode) return false
  if (!/^[0-9a-fA-F]{64}$/.test(result.signature)) return false
  const expected = Buffer.from(momoResultSignature(result, credentials), 'hex')
  return timingSafeEqual(expected, Buffer.from(result.signature.toLowerCase(), 'hex'))
}

/** resultCode 0 (and 9000, authorised) is a payment; 7000/8000 are pending (nothing to do yet). */
export const momoPaid = (result: Pick<MomoResult, 'resultCode'>) =>
  [0, 9000].includes(Number(result.resultCode))
export const momoPending = (result: Pick<MomoResult, 'resultCode'>) =>
  [7000, 7002, 8000, 1000].includes(Number(result.resultCode))

/**
 * What a verified result does to its order, in VNPay's order of checks: the order (unknown → ignore), the amount
 * (another amount → ignore: a mismatch never pays), then the status (only PENDING changes; money for an order that
 * is paid already or can no longer be paid is `late`, to refund).
 */
export const decideMomoResult = (result: MomoResult, order: OrderForPayment | null): NotificationAction => {
  if (!order) return 'ignore'
  if (!/^\d+$/.test(String(result.amount)) || Number(result.amount) !== order.total) return 'ignore'
  if (momoPending(result)) return 'ignore'
  const paid = momoPaid(result)
  // Another payment of an order no longer pending is money to give back (a replay of the same one is a duplicate).
  if (order.status !== 'PENDING') return paid ? 'late' : 'ignore'
  return paid ? 'pay' : 'fail'
}
