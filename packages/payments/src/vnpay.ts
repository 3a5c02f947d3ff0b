import { createHmac, timingSafeEqual } from 'node:crypto'
import { plainAscii } from './ascii.ts'

/** VNPay payment gateway 2.1.0 — reference payments-vn.md §B2. */
export const VNPAY_VERSION = '2.1.0'
export const VNPAY_SANDBOX_URL = 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html'

export interface VnpayCredentials {
  tmnCode: string
  hashSecret: string
  /** The payment page (`vpcpay.html`) the buyer is redirected to. */
  payUrl: string
}

export type VnpParams = Record<string, string>

/** Form encoding as VNPay's demos (PHP urlencode / Java URLEncoder): space → `+`. */
const formEncode = (value: string): string => encodeURIComponent(value).replace(/%20/g, '+')

/** `k=v&k=v` over the non-empty params except the hash ones, keys ascending, values form-encoded. */
export const vnpSignData = (params: VnpParams): string =>
  Object.keys(params)
    .filter(
      (k) => k !== 'vnp_SecureHash' && k !== 'vnp_SecureHashType' && params[k] !== '' && params[k] != null,
    )
    .sort()
    .map((k) => `${formEncode(k)}=${formEncode(params[k]!)}`)
    .join('&')

/** hex(HMAC-SHA512(hashSecret, signData)). */
export const vnpSign = (params: VnpParams, hashSecret: string): string =>
  createHmac('sha512', hashSecret).update(vnpSignData(params), 'utf8').digest('hex')

/** True when `vnp_SecureHash` is the HMAC of the other params (constant-time comparison). */
export const vnpVerify = (params: VnpParams, hashSecret: string): boolean => {
  const given = params.vnp_SecureHash
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{128}$/.test(given)) return false
  const expected = Buffer.from(vnpSign(params, hashSecret), 'hex')
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'))
}

/** The signed query string (params sorted, hash appended last). */
export const vnpSignedQuery = (params: VnpParams, hashSecret: string): string =>
  `${vnpSignData(params)}&vnp_SecureHash=${vnpSign(params, hashSecret)}`

/** yyyyMMddHHmmss in Vietnam time (GMT+7), VNPay's date format. */
export const vnpDate = (at: Date): string => {
  const vn = new Date(at.getTime() + 7 * 3_600_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${vn.getUTCFullYear()}${p(vn.getUTCMonth() + 1)}${p(vn.getUTCDate())}${p(vn.getUTCHours())}${p(vn.getUTCMinutes())}${p(vn.getUTCSeconds())}`
}

export interface VnpayPaymentInput {
  orderCode: string
  /** Integer VND (VNPay receives ×100). */
  amount: number
  description: string
  returnUrl: string
  ipAddress: string
  locale: 'vi' | 'en'
  createdAt: Date
  expiresAt: Date
}

/** The signed redirect URL to VNPay's payment page for one order. */
export const buildVnpayPaymentUrl = (credentials: VnpayCredentials, input: VnpayPaymentInput): string => {
  const params: VnpParams = {
    vnp_Version: VNPAY_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: credentials.tmnCode,
    vnp_Amount: String(input.amount * 100),
    vnp_CreateDate: vnpDate(input.createdAt),
    vnp_ExpireDate: vnpDate(input.expiresAt),
    vnp_CurrCode: 'VND',
    vnp_IpAddr: input.ipAddress,
    vnp_Locale: input.locale === 'en' ? 'en' : 'vn',
    vnp_OrderInfo: plainAscii(input.description, 255),
    vnp_OrderType: 'other',
    vnp_ReturnUrl: input.returnUrl,
    vnp_TxnRef: input.orderCode,
  }
  return `${credentials.payUrl}?${vnpSignedQuery(params, credentials.hashSecret)}`
}

/** VNPay reports a payment as successful only when both codes are 00. */
export const vnpSucceeded = (params: VnpParams): boolean =>
  params.vnp_ResponseCode === '00' && params.vnp_TransactionStatus === '00'
