import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { developerApp, startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

let api: SynthesisTestApi
beforeAll(async () => {
  api = await startSynthesisTestApi({ runJobs: false })
}, 240_000)
afterAll(async () => {
  await api?.close()
})

const newApp = async (sub: string) => (await developerApp(api, sub)).headers

describe('GET /v1/tts/requests (the app’s request log, app token)', () => {
  it('lists every request of the app, newest first, in the v1 shape; filters by status; never another app’s', async () => {
    const headers = await newApp('log-owner')
    const first = await api.call({
      method: 'POST',
      url: '/v1/tts',
      headers,
      payload: { text: 'Yêu cầu một.' },
    })
    const old = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers,
      payload: { input_text: 'Kiểu cũ.', voice_code: 'hn_female_thuha_news' },
    })
    expect(first.statusCode, first.body).toBe(202)
    expect(old.statusCode, old.body).toBe(200)
    const log = await api.call({ method: 'GET', url: '/v1/tts/requests', headers })
    expect(log.statusCode, log.body).toBe(200)
    expect(log.json().total).toBe(2)
    expect(log.json().items.map((r: { requestId: string }) => r.requestId)).toEqual([
      old.json().result.request_id,
      first.json().requestId,
    ])
    expect(log.json().items[1]).toMatchObject({ status: 'IN_PROGRESS', audioLink: null })
    const page = await api.call({ method: 'GET', url: '/v1/tts/requests?limit=1&offset=1', headers })
    expect(page.json()).toMatchObject({ total: 2, items: [{ requestId: first.json().requestId }] })
    await api.startJobs()
    for (let i = 0; i < 300; i++) {
      const done = await api.call({ method: 'GET', url: '/v1/tts/requests?status=SUCCESS', headers })
      if (done.json().total === 2) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const done = (await api.call({ method: 'GET', url: '/v1/tts/requests?status=SUCCESS', headers })).json()
    expect(done.total).toBe(2)
    expect(done.items[0].audioLink).toMatch(/^http/)
    expect(
      (await api.call({ method: 'GET', url: '/v1/tts/requests?status=FAILURE', headers })).json().total,
    ).toBe(0)
    const stranger = await newApp('log-stranger')
    expect((await api.call({ method: 'GET', url: '/v1/tts/requests', headers: stranger })).json()).toEqual({
      total: 0,
      items: [],
    })
    expect((await api.call({ method: 'GET', url: '/v1/tts/requests' })).statusCode).toBe(401)
  }, 120_000)
})
