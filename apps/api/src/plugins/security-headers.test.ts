import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ storage: false })
})
afterAll(() => api.close())

describe('security headers', () => {
  it('are Helmet’s on every answer: public, signed in, refused and not found', async () => {
    const token = await api.token('u-headers')
    const answers = await Promise.all([
      api.call({ method: 'GET', url: '/api/v1/voices' }),
      api.call({ method: 'GET', url: '/api/v1/me', token }),
      api.call({ method: 'GET', url: '/api/v1/me' }),
      api.call({ method: 'GET', url: '/api/v1/no-such-route' }),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404])
    for (const { headers } of answers) {
      expect(headers['content-security-policy']).toContain("default-src 'self'")
      expect(headers['content-security-policy']).toContain("script-src 'self'")
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-resource-policy': 'cross-origin',
        'strict-transport-security': expect.stringContaining('max-age='),
        'referrer-policy': 'no-referrer',
      })
    }
  })
})
