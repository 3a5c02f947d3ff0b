import { describe, expect, it } from 'vitest'
import { createBaseApp } from './fastify.ts'
import { trustProxySetting, type TrustProxy } from './trust-proxy.ts'

const ipSeen = async (trustProxy?: TrustProxy) => {
  const app = createBaseApp({ service: 'test', logger: false, trustProxy })
  app.get('/ip', async (request) => ({ ip: request.ip }))
  const res = await app.inject({
    method: 'GET',
    url: '/ip',
    remoteAddress: '10.0.0.7',
    headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.4' },
  })
  await app.close()
  return res.json().ip as string
}

describe('trust proxy', () => {
  it('ignores a client-sent X-Forwarded-For by default', async () => {
    expect(await ipSeen()).toBe('10.0.0.7')
  })

  it('honours the configured hops or proxy addresses', async () => {
    expect(await ipSeen(trustProxySetting().parse('1'))).toBe('198.51.100.4')
    expect(await ipSeen(trustProxySetting().parse('2'))).toBe('203.0.113.9')
    expect(await ipSeen(trustProxySetting().parse('10.0.0.0/8'))).toBe('198.51.100.4')
    expect(await ipSeen(trustProxySetting().parse('192.168.0.1'))).toBe('10.0.0.7')
  })

  it('parses TRUST_PROXY values and refuses nonsense', () => {
    const parse = (v?: string) => trustProxySetting().parse(v)
    expect(parse(undefined)).toBe(false)
    expect(parse('false')).toBe(false)
    expect(parse('true')).toBe(true)
    expect(typeof parse('2')).toBe('function')
    expect(parse('10.0.0.0/8, ::1')).toBe('10.0.0.0/8,::1')
    for (const bad of ['lb.example', '10.0.0.0/33', '999', '1.2.3.4/8/1'])
      expect(trustProxySetting().safeParse(bad).success).toBe(false)
  })
})
