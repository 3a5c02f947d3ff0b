import { LoaWebhookError } from './errors.ts'

/** The header Loa signs its callbacks in: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const SIGNATURE_HEADER = 'x-loa-signature'

export interface VerifyWebhookOptions {
  /** Seconds a signature stays valid either side of now (replay window; default 300). */
  toleranceSeconds?: number
  /** The current time in unix seconds (tests). */
  nowSeconds?: number
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>

const headerOf = (headers: HeaderBag, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]
  return Array.isArray(entry) ? entry[0] : entry
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** Compares two strings in time that does not depend on where they differ. */
const constantTimeEqual = (a: string, b: string) => {
  let difference = a.length ^ b.length
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0)
  return difference === 0
}

/**
 * Checks a Loa callback: the raw body exactly as received (not re-serialised JSON), the request's headers, and the
 * app's callback secret. Resolves with the parsed body when the signature is right and its time within
 * `toleranceSeconds`; rejects with `LoaWebhookError` otherwise. Web Crypto only: Node 18+, Deno, Bun, browsers, edge runtimes.
 */
export const verifyWebhook = async <T = unknown>(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<T> => {
  const header = headerOf(headers, SIGNATURE_HEADER)
  if (!header) throw new LoaWebhookError(`No ${SIGNATURE_HEADER} header`)
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.trim().split('=') as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || !parts.v1 || !/^[0-9a-f]{64}$/i.test(parts.v1))
    throw new LoaWebhookError(`Malformed ${SIGNATURE_HEADER} header`)
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300))
    throw new LoaWebhookError('The signature is outside the tolerance window (a replay, or a wrong clock)')
  const encoder = new TextEncoder()
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody
  const signed = new Uint8Array([...encoder.encode(`${t}.`), ...body])
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const expected = hex(await crypto.subtle.sign('HMAC', key, signed))
  if (!constantTimeEqual(expected, parts.v1.toLowerCase()))
    throw new LoaWebhookError('The signature does not match')
  try {
    return JSON.parse(new TextDecoder().decode(body)) as T
  } catch {
    throw new LoaWebhookError('The signed body is not JSON')
  }
}
