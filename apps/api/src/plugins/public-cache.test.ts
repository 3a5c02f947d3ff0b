import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'

/** Issue 13: the public voice catalogue comes from a cache with ETag and Cache-Control. */
let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ env: { API_CATALOGUE_CACHE_MS: '60000' } })
})
afterAll(() => api.close())

const voices = (headers: Record<string, string> = {}) =>
  api.call({ method: 'GET', url: '/api/v1/voices?limit=5', headers })

describe('public answer cache', () => {
  it('answers with an ETag and Cache-Control, and 304 to a matching If-None-Match', async () => {
    const first = await voices()
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=60')
    const second = await voices()
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(etag)
    expect(second.headers['content-type']).toMatch(/application\/json/)
    expect(second.headers['x-content-type-options']).toBe('nosniff')
    const notModified = await voices({ 'if-none-match': etag })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')
  })

  it('still validates what is not cached, and drops the answers on an admin write', async () => {
    expect((await api.call({ method: 'GET', url: '/api/v1/voices?limit=9999' })).statusCode).toBe(400)
    const before = await voices()
    const admin = await api.token('u-cache-admin', { roles: ['admin'] })
    const code = before.json().result.items[0].code as string
    const edited = await api.call({
      method: 'PATCH',
      url: `/api/v1/voices/${code}`,
      token: admin,
      payload: { name: 'Giọng đã sửa' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const after = await voices({ 'if-none-match': before.headers.etag as string })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.json().result.items[0].name).toBe('Giọng đã sửa')
  })
})
