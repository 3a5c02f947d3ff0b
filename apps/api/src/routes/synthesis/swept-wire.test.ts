/**
 * A developer API request whose audio the retention sweep deleted, as the signed-in lists see it (the studio
 * history with `source=API`, the request's own page, an API app's requests in the console): no link that would
 * only answer 410, and `error_code` TTS_AUDIO_EXPIRED saying why, like the v1 poll. A studio request of the same
 * user keeps its links.
 */
import { sweepExpiredAudio } from '@loa/synthesis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from './test-setup.ts'

const DAY_MS = 86_400_000
let api: SynthesisTestApi

beforeAll(async () => {
  api = await startSynthesisTestApi({
    env: { API_AUDIO_RETENTION_DAYS: '1', API_AUDIO_RETENTION_SWEEP_MS: '0' },
  })
}, 240_000)
afterAll(() => api?.close())

type WireItem = {
  request_id: string
  status: string
  audio_link: string | null
  timeline_link: string | null
  links_expire_at: string | null
  error_code: string | null
}

describe('a swept API request in the signed-in wire', () => {
  it('has no links and says TTS_AUDIO_EXPIRED in the history, its page and the app’s requests', async () => {
    const sub = 'swept-wire-user'
    await api.setBalance(sub, 10_000, 'aivoiceapi')
    await api.setBalance(sub, 1_000)
    const token = await api.token(sub)
    const created = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token,
      payload: { name: 'Ứng dụng hết hạn' },
    })
    expect(created.statusCode, created.body).toBe(200)
    const { app, token: appToken } = created.json().result as { app: { app_id: string }; token: string }
    const headers = { authorization: `Bearer ${appToken}`, 'app-id': app.app_id }
    const v1 = await api.call({
      method: 'POST',
      url: '/v1/tts',
      headers,
      payload: { text: 'Âm thanh sẽ bị xoá.', mode: 'sync' },
    })
    expect(v1.statusCode, v1.body).toBe(200)
    const apiId = v1.json().requestId as string
    const studio = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: 'Bản của phòng thu.', voice_code: 'hn_female_thuha_news' },
    })
    const studioId = studio.json().result.request_id as string
    await api.waitFinal(token, studioId)

    const before = (await api.call({ method: 'GET', url: `/api/v1/synthesis/${apiId}`, token })).json()
      .result as WireItem
    expect(before.audio_link).not.toBeNull()

    const later = new Date(Date.now() + DAY_MS + 60_000)
    const swept = await sweepExpiredAudio({ database: api.database, storage: api.storage }, { now: later })
    expect(swept.deleted).toBe(1)

    const gone = (item: WireItem | undefined) =>
      expect(item).toMatchObject({
        request_id: apiId,
        status: 'SUCCESS',
        audio_link: null,
        timeline_link: null,
        links_expire_at: null,
        error_code: 'TTS_AUDIO_EXPIRED',
      })
    const history = await api.call({ method: 'GET', url: '/api/v1/synthesis?source=ALL', token })
    expect(history.statusCode, history.body).toBe(200)
    const items = history.json().result.items as WireItem[]
    gone(items.find((i) => i.request_id === apiId))
    const detail = await api.call({ method: 'GET', url: `/api/v1/synthesis/${apiId}`, token })
    gone(detail.json().result as WireItem)
    const requests = await api.call({ method: 'GET', url: `/api/v1/api-apps/${app.app_id}/requests`, token })
    expect(requests.statusCode, requests.body).toBe(200)
    gone((requests.json().result.items as WireItem[]).find((i) => i.request_id === apiId))

    // The studio request is untouched: its links are there and its audio plays.
    const kept = items.find((i) => i.request_id === studioId)!
    expect(kept).toMatchObject({ status: 'SUCCESS', error_code: null })
    const link = new URL(kept.audio_link!)
    expect((await api.call({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(200)
  }, 180_000)
})
