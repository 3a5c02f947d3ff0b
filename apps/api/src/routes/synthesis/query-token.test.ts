import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

/** Defect: `?access_token=` was honoured on any synthesis URL containing "/events" (a substring match). */
let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

describe('token in the query string', () => {
  it('is refused outside the events route, even when the URL contains "/events"', async () => {
    const token = await api.token('u-query-token')
    for (const url of [
      `/api/v1/synthesis?q=/events&access_token=${token}`,
      `/api/v1/synthesis/x/download?format=mp3&x=/events&access_token=${token}`,
      `/api/v1/synthesis/%2Fevents?access_token=${token}`,
    ]) {
      const res = await api.call({ method: 'GET', url })
      expect(res.statusCode, url).toBe(401)
      expect(res.json()).toMatchObject({ status: 0, error_code: 'UNAUTHORIZED' })
    }
    // The header still works on the same URL, and the events route still takes the query token.
    const listed = await api.call({ method: 'GET', url: '/api/v1/synthesis?q=/events', token })
    expect(listed.statusCode).toBe(200)
    const events = await api.call({
      method: 'GET',
      url: `/api/v1/synthesis/00000000-0000-4000-8000-000000000000/events?access_token=${token}`,
    })
    expect(events.json()).toMatchObject({ status: 0, error_code: 'SYNTHESIS_NOT_FOUND' })
  })
})
