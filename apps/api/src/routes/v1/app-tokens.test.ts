import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

let api: SynthesisTestApi

beforeAll(async () => {
  api = await startSynthesisTestApi({ runJobs: false })
}, 240_000)
afterAll(async () => {
  await api?.close()
})

const DAY = 86_400_000
const UNKNOWN_REQUEST = '00000000-0000-4000-8000-000000000000'

/** Authenticates through the v1 poll: 404 SYNTHESIS_NOT_FOUND means the token and App-Id were accepted. */
const authCode = async (appId: string, token: string) =>
  (
    await api.call({
      method: 'GET',
      url: `/v1/tts/requests/${UNKNOWN_REQUEST}`,
      headers: { authorization: `Bearer ${token}`, 'app-id': appId },
    })
  ).json().error.code as string

const setApp = (appId: string, patch: Partial<typeof t.apiApps.$inferInsert>) =>
  api.database.db.update(t.apiApps).set(patch).where(eq(t.apiApps.id, appId))

describe('app tokens with an expiry, and rotation with a grace period', () => {
  it('creates a token with the chosen lifetime and refuses it with APP_TOKEN_EXPIRED once it has passed', async () => {
    const user = await api.token('tok-expiry')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token: user,
      payload: { name: 'Hết hạn', expires_in_days: 30 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const { app, token } = res.json().result
    const expiresIn = new Date(app.token_expires_at).getTime() - Date.now()
    expect(Math.abs(expiresIn - 30 * DAY)).toBeLessThan(60_000)
    expect(await authCode(app.app_id, token)).toBe('SYNTHESIS_NOT_FOUND')
    await setApp(app.app_id, { tokenExpiresAt: new Date(Date.now() - 1_000) })
    const expired = await api.call({
      method: 'GET',
      url: `/v1/tts/requests/${UNKNOWN_REQUEST}`,
      headers: { authorization: `Bearer ${token}`, 'app-id': app.app_id },
    })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().error.code).toBe('APP_TOKEN_EXPIRED')
    // The older /api/v1 shape refuses it too, in its own envelope.
    const old = await api.call({
      method: 'GET',
      url: `/api/v1/tts/${UNKNOWN_REQUEST}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect([old.statusCode, old.json().error_code]).toEqual([401, 'APP_TOKEN_EXPIRED'])
  })

  it('never expires without a lifetime, and refuses a lifetime that is not 7, 30, 60 or 90 days', async () => {
    const user = await api.token('tok-never')
    const never = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token: user,
      payload: { name: 'A' },
    })
    expect(never.json().result.app.token_expires_at).toBeNull()
    const bad = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token: user,
      payload: { name: 'B', expires_in_days: 15 },
    })
    expect([bad.statusCode, bad.json().error_code]).toEqual([400, 'VALIDATION_FAILED'])
  })

  it('rotates: the new token works, the old one only until the grace period ends', async () => {
    const user = await api.token('tok-rotate')
    const created = (
      await api.call({ method: 'POST', url: '/api/v1/api-apps', token: user, payload: { name: 'Xoay' } })
    ).json().result
    const appId = created.app.app_id as string
    const rotated = await api.call({
      method: 'POST',
      url: `/api/v1/api-apps/${appId}/rotate-token`,
      token: user,
      payload: { expires_in_days: 7 },
    })
    expect(rotated.statusCode, rotated.body).toBe(200)
    const { app, token } = rotated.json().result
    expect(token).not.toBe(created.token)
    expect(app.token_prefix).toBe(token.slice(0, 10))
    expect(new Date(app.token_expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * DAY)
    expect(new Date(app.previous_token_expires_at).getTime()).toBeGreaterThan(Date.now())
    expect(await authCode(appId, token)).toBe('SYNTHESIS_NOT_FOUND')
    expect(await authCode(appId, created.token)).toBe('SYNTHESIS_NOT_FOUND')
    await setApp(appId, { previousTokenExpiresAt: new Date(Date.now() - 1_000) })
    expect(await authCode(appId, created.token)).toBe('APP_TOKEN_INVALID')
    expect(await authCode(appId, token)).toBe('SYNTHESIS_NOT_FOUND')
    // Someone else's app cannot be rotated.
    const other = await api.call({
      method: 'POST',
      url: `/api/v1/api-apps/${appId}/rotate-token`,
      token: await api.token('tok-other'),
      payload: {},
    })
    expect([other.statusCode, other.json().error_code]).toEqual([404, 'API_APP_NOT_FOUND'])
  })
})
