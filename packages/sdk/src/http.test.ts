/**
 * The transport's rules with a scripted network (a `fetch` that answers what each test says): which failures are
 * retried and how many times, that a create is retried only with its `Idempotency-Key` (the same on every attempt),
 * the three error bodies as typed errors, Retry-After, timeout and abort.
 */
import { describe, expect, it } from 'vitest'
import { LoaAbortError, LoaApiError, LoaConnectionError, LoaTimeoutError } from './errors.ts'
import { Http } from './http.ts'
import { delayBeforeRetry } from './retry.ts'

type Step = Response | Error
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

/** A client whose network answers `steps` in order; `calls` records every request sent. */
const scripted = (steps: Step[], options: { maxRetries?: number } = {}) => {
  const calls: { url: string; headers: Headers }[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: new Headers(init?.headers) })
    const step = steps.shift()
    if (!step) throw new Error('no more steps')
    if (step instanceof Error) throw step
    return step
  }
  const http = new Http({ baseUrl: 'https://api.test/', token: 'loa_t', appId: 'app_1', fetch, ...options })
  return { http, calls }
}

const busy = () =>
  json(503, { error: { code: 'QUEUE_UNAVAILABLE', message: 'busy' } }, { 'retry-after': '0' })

describe('Http', () => {
  it('retries 5xx and 429 up to maxRetries with the same Idempotency-Key, then answers', async () => {
    const { http, calls } = scripted([
      busy(),
      json(429, { error: { code: 'TTS_CCR_MAX_LIMIT_REACHED', message: 'x' } }, { 'retry-after': '0' }),
      json(200, { ok: 1 }),
    ])
    const answer = await http.json({
      method: 'POST',
      path: '/v1/tts',
      body: {},
      idempotent: true,
      idempotencyKey: 'k-1',
    })
    expect(answer).toEqual({ ok: 1 })
    expect(calls).toHaveLength(3)
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1', 'k-1'])
    expect(calls[0]!.url).toBe('https://api.test/v1/tts')
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer loa_t')
    expect(calls[0]!.headers.get('app-id')).toBe('app_1')
  })

  it('gives up after maxRetries (default 2) with the typed error of the last answer', async () => {
    const { http, calls } = scripted([busy(), busy(), busy(), json(200, {})])
    const error = await http.json({ method: 'GET', path: '/v1/voices', idempotent: true }).catch((e) => e)
    expect(error).toBeInstanceOf(LoaApiError)
    expect(error).toMatchObject({ code: 'QUEUE_UNAVAILABLE', status: 503 })
    expect(calls).toHaveLength(3)
  })

  it('never retries a create sent without a key', async () => {
    const { http, calls } = scripted([busy(), json(200, {})])
    const error = await http
      .send({ method: 'POST', path: '/v1/audio/speech', idempotent: false })
      .catch((e) => e)
    expect(error).toMatchObject({ code: 'QUEUE_UNAVAILABLE', status: 503 })
    expect(calls).toHaveLength(1)
  })

  it('retries network errors; a 4xx is answered at once, in each of the API’s error shapes', async () => {
    const { http, calls } = scripted([
      new TypeError('fetch failed'),
      json(400, { status: 0, error_code: 'VALIDATION_FAILED', error_message: 'bad' }),
    ])
    const error = await http.json({ method: 'GET', path: '/api/v1/tts/x', idempotent: true }).catch((e) => e)
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: expect.stringContaining('bad'),
    })
    expect(calls).toHaveLength(2)
    const openAi = scripted([
      json(401, { error: { message: 'no', type: 'invalid_request_error', code: 'invalid_api_key' } }),
    ])
    await expect(
      openAi.http.send({ method: 'GET', path: '/v1/models', idempotent: true }),
    ).rejects.toMatchObject({
      code: 'invalid_api_key',
      status: 401,
    })
    const down = scripted([new TypeError('fetch failed')], { maxRetries: 0 })
    await expect(
      down.http.send({ method: 'GET', path: '/v1/models', idempotent: true }),
    ).rejects.toBeInstanceOf(LoaConnectionError)
  })

  it('waits as Retry-After says (seconds or a date), else backs off exponentially', () => {
    expect(delayBeforeRetry(0, new Headers({ 'retry-after': '7' }))).toBe(7_000)
    const date = new Date(Date.now() + 120_000).toUTCString()
    expect(delayBeforeRetry(0, new Headers({ 'retry-after': date }))).toBe(60_000)
    expect(delayBeforeRetry(0)).toBeGreaterThanOrEqual(375)
    expect(delayBeforeRetry(0)).toBeLessThanOrEqual(500)
    expect(delayBeforeRetry(3)).toBeGreaterThanOrEqual(3_000)
  })

  it('rejects with LoaTimeoutError past timeoutMs and LoaAbortError when the caller aborts', async () => {
    const hang = async (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))
      })
    const http = new Http({ baseUrl: 'https://api.test', fetch: hang as typeof fetch })
    await expect(
      http.send({ method: 'GET', path: '/v1/voices', idempotent: true, options: { timeoutMs: 20 } }),
    ).rejects.toBeInstanceOf(LoaTimeoutError)
    const controller = new AbortController()
    const pending = http.send({
      method: 'GET',
      path: '/v1/voices',
      idempotent: true,
      options: { signal: controller.signal },
    })
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(LoaAbortError)
  })
})
