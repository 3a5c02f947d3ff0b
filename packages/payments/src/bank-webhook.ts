import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** Bank-transaction webhooks (reference payments-vn.md §B4), reduced to one shape. */
export interface BankTransfer {
  provider: 'sepay' | 'casso'
  /** The provider's id of the bank transaction: the idempotency key of the notification. */
  transactionId: string
  amount: number
  content: string
  accountNumber: string
  incoming: boolean
  /** The bank's reference of the transaction (shown to support). */
  reference: string
}

/** SePay webhook body. `transferAmount` is integer VND. */
export const sepayPayloadSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1).max(64)]),
  gateway: z.string().max(100).default(''),
  transactionDate: z.string().max(40).default(''),
  accountNumber: z.string().max(40).default(''),
  code: z.string().max(100).nullable().optional(),
  content: z.string().max(1000).default(''),
  transferType: z.enum(['in', 'out']),
  transferAmount: z.number().int().nonnegative().max(1e13),
  accumulated: z.number().optional(),
  subAccount: z.string().max(40).nullable().optional(),
  referenceCode: z.string().max(100).default(''),
  description: z.string().max(1000).optional(),
})
export type SepayPayload = z.infer<typeof sepayPayloadSchema>

export const fromSepay = (p: SepayPayload): BankTransfer => ({
  provider: 'sepay',
  transactionId: String(p.id),
  amount: p.transferAmount,
  // SePay puts the detected payment code in `code`; the memo is in `content`.
  content: [p.code ?? '', p.content].join(' ').trim(),
  accountNumber: p.accountNumber,
  incoming: p.transferType === 'in',
  reference: p.referenceCode,
})

const timingSafeText = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'utf8')
  const y = Buffer.from(b, 'utf8')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** SePay's API-key authentication: `Authorization: Apikey <key>`. */
export const sepayAuthorized = (header: string | undefined, key: string): boolean => {
  const match = /^Apikey\s+(.+)$/i.exec(header?.trim() ?? '')
  return !!match && timingSafeText(match[1]!, key)
}

/** Casso Webhook V2 body. */
export const cassoPayloadSchema = z.object({
  error: z.number().int(),
  data: z
    .object({
      id: z.union([z.number().int(), z.string().min(1).max(64)]),
      reference: z.string().max(100).default(''),
      description: z.string().max(1000).default(''),
      amount: z.number().int().max(1e13),
      accountNumber: z.string().max(40).default(''),
    })
    .loose(),
})
export type CassoPayload = z.infer<typeof cassoPayloadSchema>

export const fromCasso = (p: CassoPayload): BankTransfer => ({
  provider: 'casso',
  transactionId: String(p.data.id),
  amount: Math.abs(p.data.amount),
  content: p.data.description,
  accountNumber: p.data.accountNumber,
  incoming: p.data.amount > 0,
  reference: p.data.reference,
})

/** Objects with their keys sorted at every depth (arrays keep their order). */
const sortKeysDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeysDeep)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeysDeep((value as Record<string, unknown>)[k])]),
    )
  return value
}

/** `v1` of `X-Casso-Signature`: hex HMAC-SHA512(key, `<t>.<JSON of the body with sorted keys>`). */
export const cassoSignature = (body: unknown, timestamp: string, key: string): string =>
  createHmac('sha512', key)
    .update(`${timestamp}.${JSON.stringify(sortKeysDeep(body))}`, 'utf8')
    .digest('hex')

/** Parses `t=<ms>,v1=<hex>` and checks it; `maxAgeMs` rejects replays of old notifications. */
export const cassoVerify = (
  header: string | undefined,
  body: unknown,
  key: string,
  options: { now?: number; maxAgeMs?: number } = {},
): boolean => {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]),
  )
  const t = parts.t
  const v1 = parts.v1
  if (!t || !/^\d{10,16}$/.test(t) || !v1 || !/^[0-9a-f]{128}$/i.test(v1)) return false
  if (options.maxAgeMs !== undefined && Math.abs((options.now ?? Date.now()) - Number(t)) > options.maxAgeMs)
    return false
  return timingSafeText(cassoSignature(body, t, key), v1.toLowerCase())
}
