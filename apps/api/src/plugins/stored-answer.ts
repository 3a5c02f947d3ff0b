import { createHash } from 'node:crypto'
import type { OutgoingHttpHeaders } from 'node:http'
import { gzipSync } from 'node:zlib'

/** One representation of a stored answer, its raw header lists (name, value, name, value…) built once. */
export interface StoredVariant {
  body: Buffer
  etag: string
  head200: string[]
  head304: string[]
}

export interface StoredAnswer {
  identity: StoredVariant
  /** The same answer gzip-compressed, for clients that accept it (browsers do): about a fifth of the bytes. */
  gzip?: StoredVariant
  at: number
}

/** Headers made per answer (or by the fast path itself), never stored with one. */
const PER_ANSWER = new Set([
  'content-length',
  'x-request-id',
  'date',
  'connection',
  'etag',
  'cache-control',
  'vary',
])
/** Smaller answers are sent as they are: compression would save less than it costs the client. */
const GZIP_FROM_BYTES = 1024

const etagOf = (bytes: Buffer | string, suffix = '') =>
  `"${createHash('sha1').update(bytes).digest('base64url')}${suffix}"`

/** The `Vary` of a stored answer: what the full path varied on, plus Accept-Encoding. */
export const varyWithEncoding = (vary: OutgoingHttpHeaders[string]): string => {
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((v) => v.trim())
  const kept = names.filter((name) => name && name.toLowerCase() !== 'accept-encoding')
  return [...kept, 'Accept-Encoding'].join(', ')
}

/** The ETag and Vary the full path sends with an answer that will be stored. */
export const identityTags = (payload: string, vary: OutgoingHttpHeaders[string]) => ({
  etag: etagOf(payload),
  vary: varyWithEncoding(vary),
})

/** Builds both representations from the headers the full answer went out with and its body. */
export const storeAnswer = (
  sentHeaders: Record<string, OutgoingHttpHeaders[string]>,
  payload: string,
  tags: { etag: string; cacheControl: string },
): StoredAnswer => {
  const head: string[] = []
  for (const [name, value] of Object.entries(sentHeaders)) {
    if (PER_ANSWER.has(name) || value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) head.push(name, String(one))
  }
  head.push('vary', varyWithEncoding(sentHeaders.vary), 'cache-control', tags.cacheControl)
  const variant = (body: Buffer, etag: string, extra: string[]): StoredVariant => {
    const head304 = [...head, ...extra, 'etag', etag]
    return { body, etag, head304, head200: [...head304, 'content-length', String(body.length)] }
  }
  const body = Buffer.from(payload)
  const identity = variant(body, tags.etag, [])
  if (body.length < GZIP_FROM_BYTES) return { identity, at: Date.now() }
  const gzipped = gzipSync(body)
  return {
    identity,
    gzip: variant(gzipped, etagOf(body, '-gz'), ['content-encoding', 'gzip']),
    at: Date.now(),
  }
}

/** Whether an Accept-Encoding header accepts gzip (a listed `gzip` or `*` whose q is not 0). */
export const acceptsGzip = (header: string | undefined): boolean => {
  if (!header) return false
  let wildcard = false
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const refused = q !== undefined && Number(q.slice(2)) === 0
    if (name === 'gzip') return !refused
    if (name === '*') wildcard = !refused
  }
  return wildcard
}
