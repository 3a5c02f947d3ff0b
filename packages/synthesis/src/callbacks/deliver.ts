import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { blockedReason } from './address-policy.ts'
import { SIGNATURE_HEADER, signPayload } from './signature.ts'

export interface CallbackPolicy {
  /** Host names allowed even when they resolve to non-public addresses (operator's development hosts). */
  allowHosts: readonly string[]
  timeoutMs: number
  /** Largest response body read (the rest is discarded). */
  maxResponseBytes: number
}

export const DEFAULT_CALLBACK_POLICY: CallbackPolicy = {
  allowHosts: [],
  timeoutMs: 10_000,
  maxResponseBytes: 16_384,
}

export type CallbackTargetErrorCode =
  'CALLBACK_URL_INVALID' | 'CALLBACK_URL_FORBIDDEN' | 'CALLBACK_URL_UNRESOLVABLE'

export class CallbackTargetError extends Error {
  constructor(
    readonly code: CallbackTargetErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'CallbackTargetError'
  }
}

export interface VettedTarget {
  url: URL
  address: string
  family: 4 | 6
}

/**
 * Parses and resolves a callback URL and checks every resolved address. Used both when a request is
 * accepted (so a bad URL is a 4xx at once) and again right before each delivery.
 */
export const vetCallbackUrl = async (
  raw: string,
  policy: Pick<CallbackPolicy, 'allowHosts'>,
): Promise<VettedTarget> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new CallbackTargetError('CALLBACK_URL_INVALID', 'callback_url is not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CallbackTargetError('CALLBACK_URL_INVALID', 'callback_url must use http or https')
  }
  if (url.username || url.password) {
    throw new CallbackTargetError('CALLBACK_URL_INVALID', 'callback_url must not contain credentials')
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const allowed = policy.allowHosts.includes(host.toLowerCase())
  let addresses: { address: string; family: number }[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true })
    } catch {
      throw new CallbackTargetError('CALLBACK_URL_UNRESOLVABLE', `callback host ${host} does not resolve`)
    }
  }
  if (addresses.length === 0)
    throw new CallbackTargetError('CALLBACK_URL_UNRESOLVABLE', `callback host ${host} does not resolve`)
  if (!allowed) {
    for (const { address } of addresses) {
      const reason = blockedReason(address)
      if (reason)
        throw new CallbackTargetError(
          'CALLBACK_URL_FORBIDDEN',
          `callback host resolves to a ${reason} address`,
        )
    }
  }
  const first = addresses[0]!
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}

export interface DeliveryAttempt {
  url: string
  payload: unknown
  statusCode: number | null
  ok: boolean
  error: string | null
  responseBody: string | null
  durationMs: number
  attemptedAt: string
}

/**
 * POSTs one signed JSON callback. Never follows redirects, never throws for network or HTTP failures:
 * the attempt (status, error, time) is returned so the caller records it and decides to retry.
 */
export const deliverCallback = async (
  rawUrl: string,
  payload: unknown,
  secret: string,
  policy: CallbackPolicy = DEFAULT_CALLBACK_POLICY,
  now: () => Date = () => new Date(),
): Promise<DeliveryAttempt> => {
  const started = now()
  const body = JSON.stringify(payload)
  const base = { url: rawUrl, payload, attemptedAt: started.toISOString() }
  const elapsed = () => now().getTime() - started.getTime()
  let target: VettedTarget
  try {
    target = await vetCallbackUrl(rawUrl, policy)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ...base, statusCode: null, ok: false, error: message, responseBody: null, durationMs: elapsed() }
  }
  const signature = signPayload(secret, body, Math.floor(started.getTime() / 1000))
  return new Promise<DeliveryAttempt>((resolve) => {
    const client = target.url.protocol === 'https:' ? https : http
    const request = client.request(
      target.url,
      {
        method: 'POST',
        // Connect to the vetted address only (no second DNS answer can redirect us).
        lookup: (_host, _options, callback) =>
          callback(null, [{ address: target.address, family: target.family }]),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Loa-Callback/1',
          [SIGNATURE_HEADER]: signature,
        },
        timeout: policy.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          if (size < policy.maxResponseBytes) chunks.push(chunk.subarray(0, policy.maxResponseBytes - size))
          size += chunk.length
        })
        response.on('end', () => {
          const status = response.statusCode ?? 0
          resolve({
            ...base,
            statusCode: status,
            ok: status >= 200 && status < 300,
            error: status >= 200 && status < 300 ? null : `callback answered HTTP ${status}`,
            responseBody: Buffer.concat(chunks).toString('utf8'),
            durationMs: elapsed(),
          })
        })
        response.on('error', (error) =>
          resolve({
            ...base,
            statusCode: status(response),
            ok: false,
            error: error.message,
            responseBody: null,
            durationMs: elapsed(),
          }),
        )
      },
    )
    request.on('timeout', () => request.destroy(new Error(`callback timed out after ${policy.timeoutMs} ms`)))
    request.on('error', (error) =>
      resolve({
        ...base,
        statusCode: null,
        ok: false,
        error: error.message,
        responseBody: null,
        durationMs: elapsed(),
      }),
    )
    request.end(body)
  })
}

const status = (response: http.IncomingMessage): number | null => response.statusCode ?? null
