import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

/** Defect: a client-sent X-Forwarded-For reset the per-IP limits (the API trusted every proxy). */
let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ env: { API_RATE_LIMIT_FORMS: '2' } })
})
afterAll(() => api.close())

const contact = (forwardedFor: string) =>
  api.call({
    method: 'POST',
    url: '/api/v1/contacts',
    remoteAddress: '192.0.2.50',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: {
      name: 'Trần Thị B',
      email: 'b@example.vn',
      phone_number: '0987 654 321',
      purpose: 'Hỏi giá',
      content: 'Xin báo giá gói doanh nghiệp.',
    },
  })

describe('per-IP limits behind no proxy', () => {
  it('a spoofed X-Forwarded-For does not reset the form limit', async () => {
    expect((await contact('203.0.113.1')).statusCode).toBe(200)
    expect((await contact('203.0.113.2')).statusCode).toBe(200)
    const third = await contact('203.0.113.3')
    expect(third.statusCode).toBe(429)
    expect(third.json()).toMatchObject({ status: 0, error_code: 'RATE_LIMITED' })
  })
})
