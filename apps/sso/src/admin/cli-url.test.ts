import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { httpBackend } from './cli.ts'

describe('loa sso through a running SSO', () => {
  // Another instance's SSO: it refuses this operator key, as the one on the default port did in issue 37.
  const server = createServer((_req, res) => {
    res.statusCode = 401
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ status: 0, error_code: 'UNAUTHORIZED', error_message: 'operator key required' }))
  })
  afterAll(() => void server.close())

  it('names the URL it used when the SSO refuses, and when nothing answers', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    await expect(httpBackend(url, 'wrong').listClients()).rejects.toThrow(
      `the SSO at ${url} answered GET ${url}/admin/v1/clients: operator key required`,
    )
    await expect(httpBackend('http://127.0.0.1:1', 'k').rotateKeys()).rejects.toThrow(
      'the SSO at http://127.0.0.1:1 did not answer POST http://127.0.0.1:1/admin/v1/keys/rotate',
    )
  })
})
