/**
 * The retention sweep also passes over API requests that failed or were cancelled (it clears any file they left),
 * but they never had audio to lose: after it they still say why they have no audio — their own error code on the
 * v1 poll and in the signed-in wire, their status on the old `GET /api/v1/tts/{id}` — never TTS_AUDIO_EXPIRED.
 * Jobs do not run here: requests stay IN_PROGRESS until the test fails or cancels them the way the worker and
 * the owner do.
 */
import { app as t } from '@loa/db'
import { failRequest, sweepExpiredAudio } from '@loa/synthesis'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const DAY_MS = 86_400_000
let api: SynthesisTestApi

beforeAll(async () => {
  api = await startSynthesisTestApi({
    runJobs: false,
    env: { API_AUDIO_RETENTION_DAYS: '1', API_AUDIO_RETENTION_SWEEP_MS: '0' },
  })
}, 240_000)
afterAll(() => api?.close())

describe('the retention sweep and requests without audio', () => {
  it('a failed and a cancelled API request keep their own outcome after the sweep', async () => {
    const sub = 'retention-outcome-user'
    await api.setBalance(sub, 10_000, 'aivoiceapi')
    const token = await api.token(sub)
    const created = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token,
      payload: { name: 'Ứng dụng thất bại' },
    })
    expect(created.statusCode, created.body).toBe(200)
    const { app, token: appToken } = created.json().result as { app: { app_id: string }; token: string }
    const headers = { authorization: `Bearer ${appToken}`, 'app-id': app.app_id }

    // v1, failed by the render (as the worker fails it after its last attempt).
    const v1 = await api.call({ method: 'POST', url: '/v1/tts', headers, payload: { text: 'Sẽ thất bại.' } })
    expect(v1.statusCode, v1.body).toBe(202)
    const failedId = v1.json().requestId as string
    await failRequest(api.database, failedId, 'TTS_ENGINE_FAILED', 'The engine stopped')
    // Old shape, cancelled by its owner.
    const old = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers: { authorization: headers.authorization },
      payload: { app_id: app.app_id, input_text: 'Sẽ bị huỷ.', voice_code: 'hn_female_thuha_news' },
    })
    expect(old.statusCode, old.body).toBe(200)
    const cancelledId = old.json().result.request_id as string
    const cancel = await api.call({ method: 'DELETE', url: `/api/v1/synthesis/${cancelledId}`, token })
    expect(cancel.json().result).toMatchObject({ cancelled: true })

    const later = new Date(Date.now() + DAY_MS + 60_000)
    const swept = await sweepExpiredAudio({ database: api.database, storage: api.storage }, { now: later })
    expect(swept.failed).toEqual([])
    // Both were passed over (stamped, so the sweep does not take them again).
    for (const id of [failedId, cancelledId]) {
      const [row] = await api.database.db
        .select()
        .from(t.synthesisRequests)
        .where(eq(t.synthesisRequests.id, id))
      expect(row!.audioDeletedAt).not.toBeNull()
    }
    expect(
      (await sweepExpiredAudio({ database: api.database, storage: api.storage }, { now: later })).deleted,
    ).toBe(0)

    const poll = await api.call({ method: 'GET', url: `/v1/tts/requests/${failedId}`, headers })
    expect(poll.statusCode, poll.body).toBe(200)
    expect(poll.json()).toMatchObject({
      status: 'FAILURE',
      errorCode: 'TTS_ENGINE_FAILED',
      audioDeleted: false,
      audioDeletedAt: null,
    })
    const detail = await api.call({ method: 'GET', url: `/api/v1/synthesis/${failedId}`, token })
    expect(detail.json().result).toMatchObject({ status: 'FAILURE', error_code: 'TTS_ENGINE_FAILED' })

    const oldPoll = await api.call({
      method: 'GET',
      url: `/api/v1/tts/${cancelledId}`,
      headers: { authorization: headers.authorization },
    })
    expect(oldPoll.statusCode, oldPoll.body).toBe(200)
    expect(oldPoll.json().result).toMatchObject({ request_id: cancelledId, status: 'CANCELLED' })
    const history = await api.call({ method: 'GET', url: '/api/v1/synthesis?source=API', token })
    const item = (history.json().result.items as { request_id: string; error_code: string | null }[]).find(
      (i) => i.request_id === cancelledId,
    )
    expect(item?.error_code).not.toBe('TTS_AUDIO_EXPIRED')
  }, 180_000)
})
