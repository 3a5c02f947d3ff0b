import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  blockedReason,
  deliverCallback,
  DEFAULT_CALLBACK_POLICY,
  SIGNATURE_HEADER,
  vetCallbackUrl,
  verifySignature,
} from './index.ts'

describe('blockedReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local or metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['fd00:ec2::254', 'private (unique local)'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
  ])('%s is blocked (%s)', (ip, reason) => {
    expect(blockedReason(ip)).toBe(reason)
  })

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '203.0.114.1', '2606:4700:4700::1111', '::ffff:8.8.4.4'])(
    '%s is public',
    (ip) => {
      expect(blockedReason(ip)).toBeUndefined()
    },
  )
})

describe('vetCallbackUrl', () => {
  it('rejects non-http schemes and malformed URLs with stable codes', async () => {
    await expect(vetCallbackUrl('ftp://example.com/x', { allowHosts: [] })).rejects.toMatchObject({
      code: 'CALLBACK_URL_INVALID',
    })
    await expect(vetCallbackUrl('not a url', { allowHosts: [] })).rejects.toMatchObject({
      code: 'CALLBACK_URL_INVALID',
    })
    await expect(vetCallbackUrl('http://user:pw@example.com/', { allowHosts: [] })).rejects.toMatchObject({
      code: 'CALLBACK_URL_INVALID',
    })
  })

  it('rejects hosts that resolve to loopback, after DNS resolution', async () => {
    await expect(vetCallbackUrl('http://localhost:9/cb', { allowHosts: [] })).rejects.toMatchObject({
      code: 'CALLBACK_URL_FORBIDDEN',
    })
    await expect(vetCallbackUrl('http://[::1]:9/cb', { allowHosts: [] })).rejects.toMatchObject({
      code: 'CALLBACK_URL_FORBIDDEN',
    })
    await expect(
      vetCallbackUrl('http://169.254.169.254/latest/meta-data', { allowHosts: [] }),
    ).rejects.toMatchObject({
      code: 'CALLBACK_URL_FORBIDDEN',
    })
  })

  it('lets the operator allow-list a development host', async () => {
    const target = await vetCallbackUrl('http://127.0.0.1:9/cb', { allowHosts: ['127.0.0.1'] })
    expect(target.address).toBe('127.0.0.1')
  })
})

describe('deliverCallback', () => {
  const received: { body: string; signature: string | undefined }[] = []
  let server: http.Server
  let base = ''
  let answer = 200

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers[SIGNATURE_HEADER] as string,
        })
        if (req.url === '/redirect') {
          res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end()
          return
        }
        if (req.url === '/slow') return // never answers: the timeout must end it
        res.writeHead(answer, { 'content-type': 'text/plain' }).end('thanks')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  const policy = { ...DEFAULT_CALLBACK_POLICY, allowHosts: ['127.0.0.1'], timeoutMs: 1_000 }

  it('posts a signed JSON body that the receiver can verify', async () => {
    received.length = 0
    const attempt = await deliverCallback(
      `${base}/cb`,
      { request_id: 'r1', status: 'SUCCESS' },
      'whsec_test',
      policy,
    )
    expect(attempt).toMatchObject({ ok: true, statusCode: 200, error: null, responseBody: 'thanks' })
    expect(received).toHaveLength(1)
    const { body, signature } = received[0]!
    expect(JSON.parse(body)).toEqual({ request_id: 'r1', status: 'SUCCESS' })
    expect(verifySignature('whsec_test', body, signature!, Math.floor(Date.now() / 1000))).toBe(true)
    expect(verifySignature('other-secret', body, signature!, Math.floor(Date.now() / 1000))).toBe(false)
    expect(verifySignature('whsec_test', `${body} `, signature!, Math.floor(Date.now() / 1000))).toBe(false)
    expect(verifySignature('whsec_test', body, signature!, Math.floor(Date.now() / 1000) + 3600)).toBe(false)
  })

  it('records HTTP failures, redirects (not followed) and timeouts as failed attempts', async () => {
    answer = 500
    expect(await deliverCallback(`${base}/cb`, { a: 1 }, 's', policy)).toMatchObject({
      ok: false,
      statusCode: 500,
    })
    answer = 200
    expect(await deliverCallback(`${base}/redirect`, { a: 1 }, 's', policy)).toMatchObject({
      ok: false,
      statusCode: 302,
    })
    const slow = await deliverCallback(`${base}/slow`, { a: 1 }, 's', policy)
    expect(slow).toMatchObject({ ok: false, statusCode: null })
    expect(slow.error).toMatch(/timed out/)
  })

  it('refuses loopback targets when not allow-listed, without sending anything', async () => {
    received.length = 0
    const attempt = await deliverCallback(`${base}/cb`, { a: 1 }, 's', { ...policy, allowHosts: [] })
    expect(attempt).toMatchObject({ ok: false, statusCode: null })
    expect(attempt.error).toMatch(/loopback/)
    expect(received).toHaveLength(0)
  })
})
