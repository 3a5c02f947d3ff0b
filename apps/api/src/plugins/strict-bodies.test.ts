import { app as t } from '@loa/db'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'

/** Defect: /online took any JSON, devices took `null`, unknown keys were dropped and deep bodies parsed. */
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startTestApi()
  token = await api.token('u-strict')
})
afterAll(() => api.close())

const post = (url: string, payload: string | undefined, bearer: string | undefined = token) =>
  api.call({
    method: 'POST',
    url,
    token: bearer,
    ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload }),
  })

const refused = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
}

describe('strict bodies', () => {
  it('POST /online takes no body or {} and refuses anything else', async () => {
    expect((await post('/api/v1/online', undefined)).statusCode).toBe(200)
    expect((await post('/api/v1/online', '{}')).statusCode).toBe(200)
    refused(await post('/api/v1/online', '{"admin":true}'))
    refused(await post('/api/v1/online', '[1,2]'))
    refused(await post('/api/v1/online', '"x"'))
  })

  it('the devices routes refuse a null body and unknown keys', async () => {
    refused(await post('/api/v1/devices/check', 'null'))
    refused(await post('/api/v1/devices/logout-devices', 'null'))
    refused(await post('/api/v1/devices/check', '{"device_id":"d-1","owner":"someone-else"}'))
    expect((await post('/api/v1/devices/check', '{"device_id":"d-1"}')).statusCode).toBe(200)
  })

  it('an unknown key is refused, naming it, and nothing is stored', async () => {
    const [before] = await api.database.db.select({ n: count() }).from(t.contacts)
    const res = await post(
      '/api/v1/contacts',
      JSON.stringify({
        name: 'Lê Văn C',
        email: 'c@example.vn',
        phone_number: '0900 000 000',
        purpose: 'Hỏi',
        content: 'Nội dung',
        is_admin: true,
      }),
      undefined,
    )
    refused(res)
    expect(JSON.stringify(res.json())).toContain('is_admin')
    expect(await api.database.db.select({ n: count() }).from(t.contacts)).toEqual([before])
  })

  it('a 5,000-deep body is refused before it is parsed', async () => {
    refused(await post('/api/v1/online', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)))
  })
})
