import { app as t } from '@loa/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usageToday } from '../../services/app-usage.ts'
import { callbackReceiver, startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

let api: SynthesisTestApi
const receiver = callbackReceiver()
let receiverUrl: string
const { answers } = receiver

beforeAll(async () => {
  api = await startSynthesisTestApi({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } })
  receiverUrl = await receiver.listen()
}, 240_000)
afterAll(async () => {
  receiver.close()
  await api?.close()
})

const newApp = async (sub: string, name = 'Ứng dụng') => {
  const token = await api.token(sub)
  const res = await api.call({ method: 'POST', url: '/api/v1/api-apps', token, payload: { name } })
  expect(res.statusCode, res.body).toBe(200)
  const { app, token: appToken } = res.json().result as { app: { app_id: string }; token: string }
  return { token, appId: app.app_id, appToken }
}

/** A past request as the synthesis service records it (test set-up straight into the table). */
const insertRequest = (
  row: {
    userId: string
    apiAppId: string | null
    createdAt: string
    characters: number
  } & Partial<Omit<typeof t.synthesisRequests.$inferInsert, 'createdAt'>>,
) =>
  api.database.db.insert(t.synthesisRequests).values({
    source: row.apiAppId ? 'API' : 'STUDIO',
    title: 'Yêu cầu cũ',
    text: 'Yêu cầu cũ.',
    paragraphs: [{ text: 'Yêu cầu cũ.', voiceCode: 'hn_female_thuha_news', speed: 1 }],
    voiceCode: 'hn_female_thuha_news',
    audioType: 'mp3',
    bitrate: 128,
    sampleRate: 22050,
    speedRate: 1,
    status: 'SUCCESS',
    chargedCharacters: row.characters,
    ...row,
    createdAt: new Date(row.createdAt),
  })

const usage = async (token: string, appId: string, query: string) => {
  const res = await api.call({ method: 'GET', url: `/api/v1/api-apps/${appId}/usage?${query}`, token })
  return { status: res.statusCode, body: res.json() }
}

type Day = { date: string; requests: number; characters: number; charged_characters: number }

describe('GET /api-apps/{id}/usage', () => {
  it('sums requests and characters per Vietnam day, per app, for the owner only, zero-filled', async () => {
    const a = await newApp('u-usage-a', 'Tin tức')
    const a2 = await newApp('u-usage-a', 'Ứng dụng thứ hai')
    const b = await newApp('u-usage-b')
    const userA = 'u-usage-a'
    // 23:59:59.999 on 1 March in Hà Nội (UTC+7) …
    await insertRequest({
      userId: userA,
      apiAppId: a.appId,
      createdAt: '2026-03-01T16:59:59.999Z',
      characters: 100,
    })
    // … and midnight, 2 March.
    await insertRequest({
      userId: userA,
      apiAppId: a.appId,
      createdAt: '2026-03-01T17:00:00.000Z',
      characters: 50,
      chargedCharacters: 40,
    })
    await insertRequest({
      userId: userA,
      apiAppId: a.appId,
      source: 'STREAM',
      createdAt: '2026-03-02T05:00:00.000Z',
      characters: 30,
      status: 'FAILURE',
      chargedCharacters: null,
    })
    // Deleted from the history: still usage.
    await insertRequest({
      userId: userA,
      apiAppId: a.appId,
      createdAt: '2026-03-03T16:59:59.000Z',
      characters: 7,
      deletedAt: new Date('2026-03-04T01:00:00Z'),
    })
    // Outside the range (before `from`, and 00:00 on 4 March in Hà Nội).
    await insertRequest({
      userId: userA,
      apiAppId: a.appId,
      createdAt: '2026-02-26T16:59:00.000Z',
      characters: 1_000,
    })
    await insertRequest({
      userId: userA,
      apiAppId: a.appId,
      createdAt: '2026-03-03T17:00:00.000Z',
      characters: 1_000,
    })
    // Same day, other apps, other users, the studio.
    await insertRequest({
      userId: userA,
      apiAppId: a2.appId,
      createdAt: '2026-03-02T03:00:00Z',
      characters: 999,
    })
    await insertRequest({
      userId: 'u-usage-b',
      apiAppId: b.appId,
      createdAt: '2026-03-02T03:00:00Z',
      characters: 777,
    })
    await insertRequest({ userId: userA, apiAppId: null, createdAt: '2026-03-02T03:00:00Z', characters: 555 })

    const { status, body } = await usage(a.token, a.appId, 'from=2026-02-27&to=2026-03-03')
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.result).toEqual({
      app_id: a.appId,
      time_zone: 'Asia/Ho_Chi_Minh',
      from: '2026-02-27',
      to: '2026-03-03',
      days: [
        { date: '2026-02-27', requests: 0, characters: 0, charged_characters: 0 },
        { date: '2026-02-28', requests: 0, characters: 0, charged_characters: 0 },
        { date: '2026-03-01', requests: 1, characters: 100, charged_characters: 100 },
        { date: '2026-03-02', requests: 2, characters: 80, charged_characters: 40 },
        { date: '2026-03-03', requests: 1, characters: 7, charged_characters: 7 },
      ],
      totals: { requests: 4, characters: 187, charged_characters: 147 },
    })
    const other = (await usage(a2.token, a2.appId, 'from=2026-03-02&to=2026-03-02')).body.result
    expect(other.days).toEqual([
      { date: '2026-03-02', requests: 1, characters: 999, charged_characters: 999 },
    ])
    const wide = (await usage(a.token, a.appId, 'from=2026-02-26&to=2026-03-04')).body.result
    expect(wide.totals).toEqual({ requests: 6, characters: 2_187, charged_characters: 2_147 })

    // Someone else's app: not found, as if it did not exist.
    for (const [token, appId] of [
      [b.token, a.appId],
      [a.token, b.appId],
      [a.token, '00000000-0000-0000-0000-000000000000'],
      [a.token, 'not-a-uuid'],
    ] as const) {
      const res = await usage(token, appId, 'days=7')
      expect(res.status).toBe(404)
      expect(res.body.error_code).toBe('API_APP_NOT_FOUND')
    }
    const anonymous = await api.call({ method: 'GET', url: `/api/v1/api-apps/${a.appId}/usage` })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error_code).toBe('UNAUTHORIZED')

    // A revoked app keeps its usage.
    await api.call({ method: 'DELETE', url: `/api/v1/api-apps/${a.appId}`, token: a.token })
    expect((await usage(a.token, a.appId, 'from=2026-03-01&to=2026-03-01')).body.result.totals.requests).toBe(
      1,
    )
  })

  it('defaults to the 30 days ending today, counts a request made now, and zero-fills calendar days', async () => {
    const a = await newApp('u-usage-today')
    await insertRequest({
      userId: 'u-usage-today',
      apiAppId: a.appId,
      createdAt: new Date().toISOString(),
      characters: 12,
    })
    const today = usageToday(new Date())
    const month = (await usage(a.token, a.appId, '')).body.result
    expect(month.days).toHaveLength(30)
    expect(month.to).toBe(today)
    expect(month.days.at(-1)).toEqual({ date: today, requests: 1, characters: 12, charged_characters: 12 })
    expect(month.days.slice(0, -1).every((d: Day) => d.requests === 0)).toBe(true)
    const dates = month.days.map((d: Day) => d.date)
    expect(new Set(dates).size).toBe(30)
    expect([...dates].sort()).toEqual(dates)
    expect((await usage(a.token, a.appId, 'days=1')).body.result.days).toEqual([month.days.at(-1)])
    // `days` ending a given day; leap day included.
    const leap = (await usage(a.token, a.appId, 'days=3&to=2028-03-01')).body.result
    expect(leap.days.map((d: Day) => d.date)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01'])
    const year = (await usage(a.token, a.appId, 'from=2026-12-30&to=2027-01-02')).body.result
    expect(year.days.map((d: Day) => d.date)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
  })

  it('answers at most 90 days and refuses bad ranges with stable codes', async () => {
    const a = await newApp('u-usage-limits')
    const ninety = await usage(a.token, a.appId, 'days=90')
    expect(ninety.status).toBe(200)
    expect(ninety.body.result.days).toHaveLength(90)
    const span = await usage(a.token, a.appId, 'from=2026-01-01&to=2026-03-31')
    expect(span.body.result.days).toHaveLength(90)
    for (const [query, code] of [
      ['days=91', 'USAGE_RANGE_TOO_LONG'],
      ['from=2026-01-01&to=2026-04-01', 'USAGE_RANGE_TOO_LONG'],
      ['from=2020-01-01', 'USAGE_RANGE_TOO_LONG'],
      ['from=2026-03-02&to=2026-03-01', 'USAGE_RANGE_INVALID'],
      ['from=2026-02-30&to=2026-03-01', 'USAGE_RANGE_INVALID'],
      ['from=2026-3-1&to=2026-03-01', 'USAGE_RANGE_INVALID'],
      ['to=yesterday', 'USAGE_RANGE_INVALID'],
      ['to=2026-13-01', 'USAGE_RANGE_INVALID'],
      ['days=0', 'USAGE_RANGE_INVALID'],
      ['days=-3', 'USAGE_RANGE_INVALID'],
      ['days=1.5', 'USAGE_RANGE_INVALID'],
      ['days=abc', 'USAGE_RANGE_INVALID'],
      ['days=7&from=2026-03-01', 'USAGE_RANGE_INVALID'],
      [`days=${'9'.repeat(30)}`, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await usage(a.token, a.appId, query)
      expect(res.status, query).toBe(400)
      expect(res.body.error_code, query).toBe(code)
      expect(res.body.error_message, query).toBeTruthy()
    }
    expect((await usage(a.token, a.appId, 'days=91')).body.details).toEqual({ max_days: 90, days: 91 })
  })
})

describe("an app's requests and their callback delivery log (signed in, no app token)", () => {
  it('lists the requests of one app and reads the same delivery log as the token route', async () => {
    const a = await newApp('u-log')
    const a2 = await newApp('u-log', 'Khác')
    const b = await newApp('u-log-other')
    await api.setBalance('u-log', 1_000, 'aivoiceapi')
    answers.push(500)
    const text = 'Nhật ký gửi callback.'
    const sent = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers: { authorization: `Bearer ${a.appToken}` },
      payload: { input_text: text, voice_code: 'hn_female_thuha_news', callback_url: receiverUrl },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const requestId = sent.json().result.request_id as string
    await insertRequest({
      userId: 'u-log',
      apiAppId: a2.appId,
      createdAt: new Date().toISOString(),
      characters: 3,
    })

    const viaToken = async () =>
      (
        await api.call({
          method: 'GET',
          url: `/api/v1/tts/${requestId}/callback-result`,
          headers: { authorization: `Bearer ${a.appToken}` },
        })
      ).json().result
    const until = Date.now() + 45_000
    while ((await viaToken()).result !== 'SUCCESS') {
      if (Date.now() > until) throw new Error('callback not delivered')
      await new Promise((r) => setTimeout(r, 200))
    }
    const log = await api.call({
      method: 'GET',
      url: `/api/v1/api-apps/${a.appId}/requests/${requestId}/callbacks`,
      token: a.token,
    })
    expect(log.statusCode, log.body).toBe(200)
    expect(log.json().result).toEqual(await viaToken())
    expect(log.json().result).toMatchObject({
      request_id: requestId,
      callback_url: receiverUrl,
      status_code: 200,
    })
    expect(log.json().result.attempts.map((x: { status_code: number }) => x.status_code)).toEqual([500, 200])

    const list = await api.call({
      method: 'GET',
      url: `/api/v1/api-apps/${a.appId}/requests`,
      token: a.token,
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().result.total).toBe(1)
    expect(list.json().result.items[0]).toMatchObject({
      request_id: requestId,
      api_app_id: a.appId,
      source: 'API',
      status: 'SUCCESS',
      characters: [...text].length,
    })
    expect(
      (await api.call({ method: 'GET', url: `/api/v1/api-apps/${a2.appId}/requests`, token: a.token })).json()
        .result.items[0].api_app_id,
    ).toBe(a2.appId)
    const all = await api.call({ method: 'GET', url: '/api/v1/synthesis?source=ALL', token: a.token })
    expect(
      all
        .json()
        .result.items.map((i: { api_app_id: string }) => i.api_app_id)
        .sort(),
    ).toEqual([a.appId, a2.appId].sort())

    // Usage of today counts it, with the characters charged once it succeeded.
    const today = (await usage(a.token, a.appId, 'days=1')).body.result.days[0]
    expect(today).toMatchObject({
      requests: 1,
      characters: [...text].length,
      charged_characters: [...text].length,
    })

    // Another app of the same user, another user, an unknown request: not found.
    for (const [token, appId, id, code] of [
      [a.token, a2.appId, requestId, 'SYNTHESIS_NOT_FOUND'],
      [b.token, a.appId, requestId, 'API_APP_NOT_FOUND'],
      [b.token, b.appId, requestId, 'SYNTHESIS_NOT_FOUND'],
      [a.token, a.appId, '00000000-0000-0000-0000-000000000000', 'SYNTHESIS_NOT_FOUND'],
    ] as const) {
      const res = await api.call({
        method: 'GET',
        url: `/api/v1/api-apps/${appId}/requests/${id}/callbacks`,
        token,
      })
      expect(res.statusCode, code).toBe(404)
      expect(res.json().error_code).toBe(code)
    }
    const foreign = await api.call({
      method: 'GET',
      url: `/api/v1/api-apps/${a.appId}/requests`,
      token: b.token,
    })
    expect(foreign.json().error_code).toBe('API_APP_NOT_FOUND')
    const anonymous = await api.call({
      method: 'GET',
      url: `/api/v1/api-apps/${a.appId}/requests/${requestId}/callbacks`,
    })
    expect(anonymous.statusCode).toBe(401)
  }, 90_000)

  it('documents the routes in OpenAPI', async () => {
    const doc = (
      await api.call({
        method: 'GET',
        url: '/api/v1/admin/openapi.json',
        token: await api.token('operator', { roles: ['admin'] }),
      })
    ).json()
    for (const path of [
      '/api/v1/api-apps/{id}/usage',
      '/api/v1/api-apps/{id}/requests',
      '/api/v1/api-apps/{id}/requests/{request_id}/callbacks',
    ])
      expect(doc.paths[path]?.get?.tags, path).toEqual(['api-apps'])
  })
})
