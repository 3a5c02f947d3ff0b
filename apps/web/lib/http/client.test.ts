import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient, HttpError } from './client'
import { createApi } from '../api/endpoints'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void
let server: Server
let base: string
let handler: Handler = (_req, _body, res) => res.end()
const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body })
      handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const json =
  (status: number, body: unknown): Handler =>
  (_req, _body, res) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

describe('HTTP client (design §5)', () => {
  it('sends snake_case, answers camelCase, body unwrapped; bearer token when given', async () => {
    handler = json(200, {
      status: 1,
      result: { items: [{ voice_code: 'hn_x', sample_audio_url: '/a.mp3' }] },
    })
    const http = createHttpClient(base)
    const body = await http.request<{ status: number; result: { items: { voiceCode: string }[] } }>(
      'POST',
      '/api/v1/things',
      {
        params: { isSample: true, skipped: undefined },
        body: { phoneNumber: '0912', nested: { voiceCode: 'a' } },
        token: 'tok',
      },
    )
    expect(body).toEqual({ status: 1, result: { items: [{ voiceCode: 'hn_x', sampleAudioUrl: '/a.mp3' }] } })
    const last = seen.at(-1)!
    expect(last.url).toBe('/api/v1/things?is_sample=true')
    expect(JSON.parse(last.body!)).toEqual({ phone_number: '0912', nested: { voice_code: 'a' } })
    expect(last.headers!.authorization).toBe('Bearer tok')
  })

  it('200–299 succeed; anything else fails with "Request failed with status code {n}" and the error body', async () => {
    const http = createHttpClient(base)
    handler = json(299, { status: 1 })
    await expect(http.request('GET', '/x')).resolves.toEqual({ status: 1 })
    for (const status of [300, 404, 429, 500]) {
      handler = json(status, { status: 0, error_code: 'SOME_CODE', error_message: 'nope' })
      const error = (await http.request('GET', '/x').catch((e: unknown) => e)) as HttpError
      expect(error).toBeInstanceOf(HttpError)
      expect(error.message).toBe(`Request failed with status code ${status}`)
      expect(error.status).toBe(status)
      expect(error.code).toBe('SOME_CODE')
      expect(error.body).toEqual({ status: 0, errorCode: 'SOME_CODE', errorMessage: 'nope' })
    }
  })

  it('rawResponse keeps a successful answer as sent; an error body is still camelized', async () => {
    const http = createHttpClient(base)
    handler = json(200, { status: 1, result: { request_id: 'r1', payload: { audio_link: 'a' } } })
    await expect(http.request('GET', '/raw', { rawResponse: true })).resolves.toEqual({
      status: 1,
      result: { request_id: 'r1', payload: { audio_link: 'a' } },
    })
    handler = json(404, { status: 0, error_code: 'SOME_CODE' })
    const error = (await http
      .request('GET', '/raw', { rawResponse: true })
      .catch((e: unknown) => e)) as HttpError
    expect(error.body).toEqual({ status: 0, errorCode: 'SOME_CODE' })
  })

  it('gives up after the timeout', async () => {
    handler = () => undefined // never answers
    const http = createHttpClient(base, { timeoutMs: 150 })
    const started = Date.now()
    const error = (await http.request('GET', '/slow').catch((e: unknown) => e)) as HttpError
    expect(error.message).toBe('timeout of 150ms exceeded')
    expect(error.code).toBe('ECONNABORTED')
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})

describe('API calls and their error behaviour (spec §7/§8)', () => {
  const api = () => createApi(createHttpClient(base))

  it('swallow errors as the spec says: null, empty object, error body or status 0', async () => {
    handler = json(500, { status: 0, error_code: 'INTERNAL_ERROR', error_message: 'x' })
    expect(await api().getActiveBanners()).toBeNull()
    expect(await api().postDemoEvent({ fingerprint: 'f', voiceCode: 'v', duration: 1, click: 1 })).toBeNull()
    expect(await api().getMe('t')).toEqual({})
    expect(await api().getOrders('t', {})).toEqual({ status: 0 })
    expect(await api().getPublicVouchers()).toBeNull()
    expect(await api().getPaidOrderVouchers('t', 'en')).toBeNull()
    expect(
      await api().postContact({ name: 'a', email: 'b', phoneNumber: 'c', purpose: 'd', content: 'e' }),
    ).toEqual({
      status: 0,
      errorCode: 'INTERNAL_ERROR',
      errorMessage: 'x',
    })
    expect(await api().getVoices({ isSample: true })).toMatchObject({
      status: 0,
      errorCode: 'INTERNAL_ERROR',
    })
    expect(await api().getLandingPackages()).toEqual([])
  })

  it('reads results: banners list, demo-event result, me, packages query', async () => {
    handler = json(200, {
      status: 1,
      result: { banners: [{ type: 'LANDING_PAGE_POPUP', image_url: '/p.png' }] },
    })
    expect(await api().getActiveBanners()).toEqual([{ type: 'LANDING_PAGE_POPUP', imageUrl: '/p.png' }])
    handler = json(200, { status: 1, result: { id: 7 } })
    expect(await api().postDemoEvent({ fingerprint: 'f', voiceCode: 'v', duration: 1, click: 1 })).toEqual({
      id: 7,
    })
    expect(JSON.parse(seen.at(-1)!.body!)).toEqual({
      fingerprint: 'f',
      voice_code: 'v',
      duration: 1,
      click: 1,
    })
    handler = json(200, { status: 1, result: { items: [{ code: 'P', price: 1 }] } })
    expect(await api().getLandingPackages()).toEqual([{ code: 'P', price: 1 }])
    expect(seen.at(-1)!.url).toBe('/api/v1/packages?active=true&purchasable=true&is_landing_page=true')
    await api().getLandingPackages('en')
    expect(seen.at(-1)!.url).toBe(
      '/api/v1/packages?active=true&purchasable=true&is_landing_page=true&locale=en',
    )
    await api().getOrders('tok', { usagePackage: 'X' })
    expect(seen.at(-1)!.url).toBe('/api/v1/orders?type=STUDIO&status=PAID&usage_package=X')
    // A filter given as undefined drops the spec's default (the payments page's "all").
    await api().getOrders('tok', { type: undefined, status: 'PENDING', usagePackage: undefined })
    expect(seen.at(-1)!.url).toBe('/api/v1/orders?status=PENDING')
  })
})
