import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Callback signatures, in the style of Stripe's: header `X-Loa-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). The timestamp lets receivers reject replays.
 */
export const SIGNATURE_HEADER = 'x-loa-signature'

export const signPayload = (secret: string, rawBody: string, timestampSeconds: number): string => {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')
  return `t=${timestampSeconds},v1=${mac}`
}

/** Receiver-side check (used by our tests and documented for customers). */
export const verifySignature = (
  secret: string,
  rawBody: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean => {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false
  const expected = Buffer.from(signPayload(secret, rawBody, t).split('v1=')[1]!, 'hex')
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
