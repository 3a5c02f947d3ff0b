import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  blockedReason,
  deliverCallback,
  DEFAULT_CALLBACK_POLICY,
  signPayload,
  vetCallbackUrl,
  verifySignature,
} from './index.ts'

// The edges of the callback rules that `npm run test:mutation` found untested (issue 36): every blocked range
// by name and its first public neighbour, IPv6 spellings, the signature's tolerance bound, the 2xx range, the
// response cap and what an attempt records.

describe('callback address policy, range by range', () => {
  it.each([
    ['0.1.2.3', 'unspecified'],
    ['10.255.255.255', 'private'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.0.1', 'link-local or metadata'],
    ['172.16.0.0', 'private'],
    ['192.0.0.5', 'reserved'],
    ['192.0.2.7', 'documentation'],
    ['192.168.255.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved or broadcast'],
    ['2001:db8::1', 'documentation'],
    ['64:ff9b::8.8.8.8', 'NAT64'],
    ['0::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::ffff:127.10.10.10', 'loopback'],
    ['::ffff:192.168.10.10', 'private'],
    ['fe80::1%eth0', 'link-local'],
    ['example.com', 'not an IP address'],
  ])('%s is blocked (%s)', (ip, reason) => {
    expect(blockedReason(ip)).toBe(reason)
  })

  it.each([
    '9.255.255.255',
    '11.0.0.0',
    '100.128.0.0',
    '172.15.255.255',
    '192.0.1.1',
    '198.20.0.0',
    '223.255.255.255',
    '2001:db9::1',
    '2002:db8::1',
    '64:ff9c::1',
    '65:ff9b::1',
    '::1:0:7f00:1',
  ])('%s is public', (ip) => {
    expect(blockedReason(ip)).toBeUndefined()
  })
})

describe('callback signature bounds', () => {
  const secret = 'whsec_bounds'
  const body = '{"a":1}'
  const t = 1767225600

  it('accepts a signature exactly at the tolerance and refuses one without a MAC', () => {
    const signed = signPayload(secret, body, t)
    expect(verifySignature(secret, body, signed, t + 300)).toBe(true)
    expect(verifySignature(secret, body, signed, t - 300)).toBe(true)
    expect(verifySignature(secret, body, signed, t + 301, 300)).toBe(false)
    expect(verifySignature(secret, body, `t=${t}`, t)).toBe(false)
    expect(verifySignature(secret, body, `t=${t},v1=`, t)).toBe(false)
  })
})

describe('callback URL and delivery edges', () => {
  let server: http.Server
  let base = ''
  const seen: http.IncomingHttpHeaders[] = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers)
      req.resume()
      req.on('end', () => {
        const code = Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 200)
        res.writeHead(code, { 'content-type': 'text/plain' }).end(req.url === '/big' ? 'x'.repeat(100) : 'ok')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  const policy = { ...DEFAULT_CALLBACK_POLICY, allowHosts: ['127.0.0.1'], timeoutMs: 5_000 }

  it('refuses a URL with only a user name, and names the refusal', async () => {
    await expect(vetCallbackUrl('http://user@example.com/', { allowHosts: [] })).rejects.toMatchObject({
      code: 'CALLBACK_URL_INVALID',
      message: 'callback_url must not contain credentials',
    })
    await expect(vetCallbackUrl('gopher://example.com/', { allowHosts: [] })).rejects.toMatchObject({
      message: 'callback_url must use http or https',
    })
    await expect(vetCallbackUrl('http://[::1]:9/', { allowHosts: [] })).rejects.toMatchObject({
      message: 'callback host resolves to a loopback address',
    })
    const v6 = await vetCallbackUrl('http://[::1]:9/', { allowHosts: ['::1'] })
    expect(v6).toMatchObject({ address: '::1', family: 6 })
    await expect(vetCallbackUrl('http://LOCALHOST:9/', { allowHosts: ['localhost'] })).resolves.toBeTruthy()
  })

  it('counts 2xx as delivered and 3xx and up as failed, naming the status', async () => {
    expect(await deliverCallback(`${base}/status/299`, {}, 's', policy)).toMatchObject({
      ok: true,
      error: null,
    })
    expect(await deliverCallback(`${base}/status/300`, {}, 's', policy)).toMatchObject({
      ok: false,
      statusCode: 300,
      error: 'callback answered HTTP 300',
    })
  })

  it('keeps at most maxResponseBytes of the answer and records when and how long', async () => {
    const clock = [new Date('2026-11-27T00:00:00Z'), new Date('2026-11-27T00:00:01.250Z')]
    let call = 0
    const now = () => clock[Math.min(call++, 1)]!
    const attempt = await deliverCallback(
      `${base}/big`,
      { a: 1 },
      's',
      { ...policy, maxResponseBytes: 10 },
      now,
    )
    expect(attempt).toMatchObject({
      ok: true,
      responseBody: 'x'.repeat(10),
      attemptedAt: '2026-11-27T00:00:00.000Z',
      durationMs: 1250,
      url: `${base}/big`,
      payload: { a: 1 },
    })
    const headers = seen.at(-1)!
    expect(headers['content-type']).toBe('application/json')
    expect(headers['user-agent']).toBe('Loa-Callback/1')
    expect(headers['content-length']).toBe('7')
  })
})
