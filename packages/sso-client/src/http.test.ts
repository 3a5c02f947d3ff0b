import { afterEach, describe, expect, test, vi } from 'vitest'
import { postJson, SsoHttpError } from './http.ts'
import { json } from './test-support.ts'

afterEach(() => vi.useRealTimers())

describe('postJson (spec §7, §9)', () => {
  test('POSTs JSON with credentials included and resolves with the parsed body for 200–299', async () => {
    const calls: Array<[string, RequestInit]> = []
    const result = await postJson(
      async (url, init) => {
        calls.push([url, init])
        return json(299, { status: 1 })
      },
      'http://sso/api/v1/x',
      { clientId: 'loa-web' },
    )
    expect(result).toEqual({ status: 1 })
    const [url, init] = calls[0]!
    expect(url).toBe('http://sso/api/v1/x')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('include')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual({ clientId: 'loa-web' })
  })

  test.each([300, 400, 401, 403, 500])('status %i gives the status-code message', async (status) => {
    const failure = await postJson(
      async () => json(status, { status: 0, error_code: 'x' }),
      'http://sso/x',
      {},
    ).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(SsoHttpError)
    expect((failure as SsoHttpError).message).toBe(`Request failed with status code ${status}`)
    expect((failure as SsoHttpError).status).toBe(status)
    expect((failure as SsoHttpError).body).toEqual({ status: 0, error_code: 'x' })
  })

  test('200 and an empty 204 succeed', async () => {
    expect(await postJson(async () => json(200, { status: 1 }), 'http://sso/x', {})).toEqual({ status: 1 })
    expect(
      await postJson(async () => new Response(null, { status: 204 }), 'http://sso/x', {}),
    ).toBeUndefined()
  })

  test('aborts after 15000 ms', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    const pending = postJson(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
      'http://sso/x',
      {},
    ).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(14_999)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const failure = (await pending) as SsoHttpError
    expect(failure.message).toBe('timeout of 15000ms exceeded')
    expect(failure.status).toBe(0)
  })

  test('network failures reject with status 0', async () => {
    const failure = (await postJson(
      async () => {
        throw new TypeError('Failed to fetch')
      },
      'http://sso/x',
      {},
    ).catch((e: unknown) => e)) as SsoHttpError
    expect(failure).toBeInstanceOf(SsoHttpError)
    expect(failure.status).toBe(0)
    expect(failure.message).toBe('Failed to fetch')
  })
})
