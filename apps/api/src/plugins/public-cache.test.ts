import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'
import { acceptsGzip } from './stored-answer.ts'

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

describe('public answer cache: the stored answer is written without running the plugins again', () => {
  const comparable = (headers: Record<string, unknown>) => {
    const { date: _d, 'x-request-id': requestId, connection: _c, ...rest } = headers
    expect(requestId).toMatch(/^[\w-]+$/)
    return rest
  }

  it('replays exactly the headers of the full answer, per Origin (security headers and CORS included)', async () => {
    for (const origin of [undefined, 'http://localhost:3000', 'https://evil.example']) {
      const headers = { 'accept-language': 'en', ...(origin && { origin }) }
      const u = '/api/v1/voices?limit=3'
      const full = await api.call({ method: 'GET', url: u, headers })
      const stored = await api.call({ method: 'GET', url: u, headers })
      expect(full.statusCode, full.body).toBe(200)
      expect(stored.body).toBe(full.body)
      expect(comparable(stored.headers)).toEqual(comparable(full.headers))
      expect(stored.headers['content-security-policy']).toBeTruthy()
      expect(stored.headers['x-content-type-options']).toBe('nosniff')
      expect(stored.headers['x-request-id']).not.toBe(full.headers['x-request-id'])
      if (origin === 'http://localhost:3000')
        expect(stored.headers['access-control-allow-origin']).toBe(origin)
      if (origin === 'https://evil.example')
        expect(stored.headers['access-control-allow-origin']).toBeUndefined()
    }
  })
})

describe('public answer cache: compressed for clients that accept gzip', () => {
  it('answers the same JSON gzip-compressed, with its own ETag, and Vary: Accept-Encoding on both paths', async () => {
    const u = '/api/v1/voices?limit=20'
    const full = await api.call({
      method: 'GET',
      url: u,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(full.statusCode).toBe(200)
    expect(full.headers['content-encoding']).toBeUndefined() // the first answer is built, not stored yet
    expect(full.headers.vary).toMatch(/Accept-Encoding/)
    const stored = await api.call({
      method: 'GET',
      url: u,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(stored.headers['content-encoding']).toBe('gzip')
    expect(stored.headers.vary).toBe(full.headers.vary)
    expect(Number(stored.headers['content-length'])).toBe(stored.rawPayload.length)
    expect(stored.rawPayload.length).toBeLessThan(full.rawPayload.length / 2)
    expect(gunzipSync(stored.rawPayload).toString()).toBe(full.body)
    expect(stored.headers.etag).not.toBe(full.headers.etag)
    const plain = await api.call({ method: 'GET', url: u, headers: { 'accept-encoding': 'gzip;q=0, br' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(full.body)
    expect(plain.headers.etag).toBe(full.headers.etag)
    const notModified = await api.call({
      method: 'GET',
      url: u,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': stored.headers.etag as string },
    })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.headers['content-encoding']).toBe('gzip')
    // The identity ETag does not validate the gzip representation.
    const other = await api.call({
      method: 'GET',
      url: u,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': full.headers.etag as string },
    })
    expect(other.statusCode).toBe(200)
  })

  it.each([
    ['gzip', true],
    ['br, gzip;q=0.5', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['br, deflate', false],
    ['identity', false],
    ['', false],
  ])('Accept-Encoding %j accepts gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })
})
