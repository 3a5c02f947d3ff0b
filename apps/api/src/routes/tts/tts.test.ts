import { MAX_STREAM_CHARACTERS } from '@loa/contracts'
import { app as t } from '@loa/db'
import { verifySignature } from '@loa/synthesis'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callbackReceiver, startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

let api: SynthesisTestApi
const receiver = callbackReceiver()
let receiverUrl: string
const { answers, received } = receiver

beforeAll(async () => {
  api = await startSynthesisTestApi({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', TTS_DEMO_LIMIT: '2' } })
  receiverUrl = await receiver.listen()
}, 60_000)
afterAll(async () => {
  receiver.close()
  await api?.close()
})

const newApp = async (sub: string, credits: number, body: Record<string, unknown> = {}) => {
  await api.setBalance(sub, credits, 'aivoiceapi')
  const token = await api.token(sub)
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token,
    payload: { name: 'Ứng dụng thử', ...body },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { app, token: appToken } = res.json().result
  return { userToken: token, app, appToken: appToken as string }
}

const waitFor = async <T>(fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await fn()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

const ledgerCount = async (userId: string) =>
  (await api.database.db.select().from(t.creditEntries).where(eq(t.creditEntries.userId, userId))).length

describe('API apps', () => {
  it('creates (token once, stored hashed), lists, renames and revokes', async () => {
    const { userToken, app, appToken } = await newApp('u-apps', 100)
    expect(appToken).toMatch(/^loa_/)
    expect(app).toMatchObject({ name: 'Ứng dụng thử', revoked: false, requests_count: 0 })
    const [row] = await api.database.db.select().from(t.apiApps).where(eq(t.apiApps.id, app.app_id))
    expect(row!.tokenHash).not.toContain(appToken)
    const list = (await api.call({ method: 'GET', url: '/api/v1/api-apps', token: userToken })).json().result
    expect(list.apps).toHaveLength(1)
    expect(JSON.stringify(list)).not.toContain(appToken)
    const renamed = await api.call({
      method: 'PATCH',
      url: `/api/v1/api-apps/${app.app_id}`,
      token: userToken,
      payload: { name: 'Tên mới' },
    })
    expect(renamed.json().result.name).toBe('Tên mới')
    const other = await api.token('u-apps-other')
    expect(
      (await api.call({ method: 'DELETE', url: `/api/v1/api-apps/${app.app_id}`, token: other })).json()
        .error_code,
    ).toBe('API_APP_NOT_FOUND')
    const revoked = await api.call({
      method: 'DELETE',
      url: `/api/v1/api-apps/${app.app_id}`,
      token: userToken,
    })
    expect(revoked.json().result.revoked).toBe(true)
    const entries = await ledgerCount('u-apps')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers: { authorization: `Bearer ${appToken}` },
      payload: { app_id: app.app_id, input_text: 'Xin chào.', voice_code: 'hn_female_thuha_news' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().error_code).toBe('APP_REVOKED')
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/api/v1/tts',
          headers: { authorization: 'Bearer loa_nope' },
          payload: { input_text: 'Xin chào.' },
        })
      ).json().error_code,
    ).toBe('APP_TOKEN_INVALID')
    expect(await ledgerCount('u-apps')).toBe(entries)
  })

  it('rejects callback URLs that are not http(s) or resolve to private addresses', async () => {
    await api.setBalance('u-apps-cb', 0, 'aivoiceapi')
    const token = await api.token('u-apps-cb')
    for (const [url, code] of [
      ['ftp://example.com/x', 'CALLBACK_URL_INVALID'],
      ['http://10.1.2.3/hook', 'CALLBACK_URL_FORBIDDEN'],
      ['http://169.254.169.254/latest', 'CALLBACK_URL_FORBIDDEN'],
      ['http://localhost:9/hook', 'CALLBACK_URL_FORBIDDEN'],
    ] as const) {
      const res = await api.call({
        method: 'POST',
        url: '/api/v1/api-apps',
        token,
        payload: { name: 'x', callback_url: url },
      })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().error_code, url).toBe(code)
    }
  })
})

describe('developer TTS API (Vbee-compatible)', () => {
  it('accepts a request, renders it, POSTs a signed callback (retried after a failure) and records attempts', async () => {
    const { app, appToken } = await newApp('u-tts', 1_000)
    const auth = { authorization: `Bearer ${appToken}` }
    answers.push(500)
    const text = 'Chào mừng bạn đến với Loa.'
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers: auth,
      payload: {
        app_id: app.app_id,
        callback_url: receiverUrl,
        input_text: text,
        voice_code: 'hn_male_quanganh_news',
        audio_type: 'mp3',
        bitrate: '64',
        speed_rate: '1.1',
        response_type: 'indirect',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const result = res.json().result
    expect(res.json().status).toBe(1)
    expect(result).toMatchObject({
      app_id: app.app_id,
      characters: [...text].length,
      voice_code: 'hn_male_quanganh_news',
      audio_type: 'mp3',
      speed_rate: 1.1,
      bitrate: 64,
      status: 'IN_PROGRESS',
    })
    expect(await api.balance('u-tts', 'aivoiceapi')).toBe(1_000 - result.characters)

    const attempts = await waitFor(async () => {
      const r = await api.call({
        method: 'GET',
        url: `/api/v1/tts/${result.request_id}/callback-result`,
        headers: auth,
      })
      const body = r.json().result
      return body.result === 'SUCCESS' ? body : undefined
    })
    expect(attempts.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200])
    expect(attempts.status_code).toBe(200)
    const delivered = received.at(-1)!
    const payload = JSON.parse(delivered.body)
    expect(payload).toMatchObject({
      app_id: app.app_id,
      request_id: result.request_id,
      characters: result.characters,
      voice_code: 'hn_male_quanganh_news',
      audio_type: 'mp3',
      speed_rate: 1.1,
      sample_rate: 22050,
      bitrate: 64,
      status: 'SUCCESS',
    })
    expect(payload.audio_link).toMatch(/\/api\/v1\/files\//)
    expect(verifySignature(app.callback_secret, delivered.body, delivered.signature, Date.now() / 1000)).toBe(
      true,
    )

    const status = (
      await api.call({ method: 'GET', url: `/api/v1/tts/${result.request_id}`, headers: auth })
    ).json().result
    expect(status).toMatchObject({ status: 'SUCCESS', progress: 100, audio_expired: false })
    expect(status.audio_link).toBeTruthy()
    expect(await api.balance('u-tts', 'aivoiceapi')).toBe(1_000 - result.characters)
    const usage = (
      await api.call({
        method: 'GET',
        url: `/api/v1/api-apps/${app.app_id}`,
        token: await api.token('u-tts'),
      })
    ).json().result
    expect(usage).toMatchObject({ requests_count: 1, characters_count: result.characters })

    // Another app cannot read it.
    const other = await newApp('u-tts-other', 10)
    const foreign = await api.call({
      method: 'GET',
      url: `/api/v1/tts/${result.request_id}`,
      headers: { authorization: `Bearer ${other.appToken}` },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error_code).toBe('SYNTHESIS_NOT_FOUND')
  }, 60_000)

  it('answers bad input with a 4xx and a stable code, touching no credits', async () => {
    const { app, appToken } = await newApp('u-bad', 1_000)
    const auth = { authorization: `Bearer ${appToken}` }
    const entries = await ledgerCount('u-bad')
    const base = { app_id: app.app_id, input_text: 'Xin chào.', voice_code: 'hn_female_thuha_news' }
    const cases: [Record<string, unknown>, number, string][] = [
      [{ input_text: '   ' }, 400, 'TEXT_EMPTY'],
      [{ input_text: '' }, 400, 'TEXT_EMPTY'],
      [{ input_text: 'a'.repeat(100_001) }, 400, 'TEXT_TOO_LONG'],
      [{ voice_code: 'no_such_voice' }, 400, 'VOICE_NOT_FOUND'],
      [{ sentences: [{ text: 'Một.', voice_code: 'nope' }] }, 400, 'VOICE_NOT_FOUND'],
      [{ speed_rate: 2.5 }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ speed_rate: 0 }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ bitrate: 999 }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ bitrate: 4 }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ audio_type: 'ogg' }, 400, 'VALIDATION_FAILED'],
      [{ callback_url: 'javascript:alert(1)' }, 400, 'CALLBACK_URL_INVALID'],
      [{ callback_url: 'http://192.168.1.10/cb' }, 400, 'CALLBACK_URL_FORBIDDEN'],
      [{ callback_url: 'http://[::1]:8080/cb' }, 400, 'CALLBACK_URL_FORBIDDEN'],
      [{ app_id: '00000000-0000-0000-0000-000000000000' }, 403, 'APP_ID_MISMATCH'],
    ]
    for (const [patch, status, code] of cases) {
      const res = await api.call({
        method: 'POST',
        url: '/api/v1/tts',
        headers: auth,
        payload: { ...base, ...patch },
      })
      expect(res.statusCode, JSON.stringify(patch).slice(0, 80)).toBe(status)
      expect(res.json().error_code, JSON.stringify(patch).slice(0, 80)).toBe(code)
    }
    const missing = await api.call({ method: 'POST', url: '/api/v1/tts', payload: base })
    expect(missing.statusCode).toBe(401)
    expect(await api.balance('u-bad', 'aivoiceapi')).toBe(1_000)
    expect(await ledgerCount('u-bad')).toBe(entries)
    const rows = await api.database.db
      .select()
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.userId, 'u-bad'))
    expect(rows).toHaveLength(0)
  })

  it('streams audio as it is rendered and charges the app owner once', async () => {
    const { app, appToken } = await newApp('u-stream', 500)
    const text = 'Luồng âm thanh đầu tiên. Và câu thứ hai.'
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/tts/stream',
      headers: { authorization: `Bearer ${appToken}` },
      payload: { app_id: app.app_id, input_text: text, voice_code: 'sg_male_hoangphuc_film' },
    })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.rawPayload.length).toBeGreaterThan(1_000)
    const id = String(res.headers['x-request-id-synthesis'])
    const [row] = await api.database.db
      .select()
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.id, id))
    expect(row).toMatchObject({ status: 'SUCCESS', source: 'STREAM', chargedCharacters: [...text].length })
    expect(await api.balance('u-stream', 'aivoiceapi')).toBe(500 - [...text].length)
    const long = await api.call({
      method: 'POST',
      url: '/api/v1/tts/stream',
      headers: { authorization: `Bearer ${appToken}` },
      payload: {
        input_text: 'a '.repeat(MAX_STREAM_CHARACTERS / 2 + 1),
        voice_code: 'sg_male_hoangphuc_film',
      },
    })
    expect(long.json().error_code).toBe('TEXT_TOO_LONG')
    expect(await api.balance('u-stream', 'aivoiceapi')).toBe(500 - [...text].length)
  }, 60_000)

  it('limits requests per app: running at once and per minute (429)', async () => {
    const { app, appToken } = await newApp('u-limit', 10_000)
    const auth = { authorization: `Bearer ${appToken}` }
    await api.database.db
      .update(t.apiApps)
      .set({ maxConcurrent: 1, requestsPerMinute: 2 })
      .where(eq(t.apiApps.id, app.app_id))
    const send = () =>
      api.call({
        method: 'POST',
        url: '/api/v1/tts',
        headers: auth,
        payload: {
          input_text: Array.from(
            { length: 20 },
            (_, i) => `Câu số ${i + 1} đủ dài để công việc còn chạy.`,
          ).join(' '),
          voice_code: 'hn_female_thuha_news',
        },
      })
    const first = await send()
    expect(first.statusCode).toBe(200)
    const second = await send()
    expect(second.statusCode).toBe(429)
    expect(second.json().error_code).toBe('TTS_CONCURRENCY_LIMIT_REACHED')
    const id = first.json().result.request_id
    await waitFor(async () => {
      const r = (await api.call({ method: 'GET', url: `/api/v1/tts/${id}`, headers: auth })).json().result
      return r.status === 'IN_PROGRESS' ? undefined : r
    }, 60_000)
    expect((await send()).statusCode).toBe(200)
    const third = await send()
    expect(third.statusCode).toBe(429)
    expect(['TTS_RATE_LIMITED', 'TTS_CONCURRENCY_LIMIT_REACHED']).toContain(third.json().error_code)
    await api.database.db.update(t.apiApps).set({ maxConcurrent: 10 }).where(eq(t.apiApps.id, app.app_id))
    const fourth = await send()
    expect(fourth.json().error_code).toBe('TTS_RATE_LIMITED')
    expect(fourth.headers['retry-after']).toBe('60')
  }, 90_000)
})

describe('public demo', () => {
  it('streams up to 300 characters for free and limits per fingerprint and IP', async () => {
    const first = await api.call({
      method: 'POST',
      url: '/api/v1/demo/synthesis',
      payload: {
        text: 'Xin chào, đây là bản nghe thử.',
        voice_code: 'hue_female_thuylinh_news',
        fingerprint: 'fp-1',
      },
    })
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200)
    expect(first.headers['content-type']).toBe('audio/mpeg')
    expect(first.rawPayload.length).toBeGreaterThan(500)
    const tooLong = await api.call({
      method: 'POST',
      url: '/api/v1/demo/synthesis',
      payload: { text: 'a'.repeat(301), fingerprint: 'fp-2' },
    })
    expect(tooLong.json().error_code).toBe('TEXT_TOO_LONG')
    const second = await api.call({
      method: 'POST',
      url: '/api/v1/demo/synthesis',
      payload: { text: 'Lần hai.', fingerprint: 'fp-1' },
    })
    expect(second.statusCode).toBe(200)
    const third = await api.call({
      method: 'POST',
      url: '/api/v1/demo/synthesis',
      payload: { text: 'Lần ba.', fingerprint: 'fp-3' },
    })
    // Same IP (the limit is 2 per 10 minutes in this test), even with a fresh fingerprint.
    expect(third.statusCode).toBe(429)
    expect(third.json().error_code).toBe('DEMO_RATE_LIMITED')
    const otherIp = await api.call({
      method: 'POST',
      url: '/api/v1/demo/synthesis',
      remoteAddress: '203.0.113.7',
      payload: { text: 'Máy khác.', fingerprint: 'fp-1' },
    })
    expect(otherIp.json().error_code).toBe('DEMO_RATE_LIMITED')
  }, 60_000)
})
