import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

describe('devices', () => {
  it('limits devices to the package resource, logs out others, and re-admits on a new session', async () => {
    const sessionA = await api.token('u-dev', { sid: 'session-a' })
    const sessionB = await api.token('u-dev', { sid: 'session-b' })
    const check = (token: string, device_id: string) =>
      api.call({
        method: 'POST',
        url: '/api/v1/devices/check',
        token,
        payload: { device_id, device_name: 'Chrome' },
      })

    const a = (await check(sessionA, 'laptop')).json().result
    expect(a).toMatchObject({ allowed: true, reason: null, max_devices: 1, active_devices: 1 })
    expect(a.devices[0]).toMatchObject({ device_id: 'laptop', current: true })
    expect((await check(sessionA, 'laptop')).json().result.allowed).toBe(true)

    const b = (await check(sessionB, 'phone')).json().result
    expect(b).toMatchObject({ allowed: false, reason: 'DEVICE_LIMIT_REACHED', active_devices: 1 })

    const out = await api.call({
      method: 'POST',
      url: '/api/v1/devices/logout-devices',
      token: sessionB,
      payload: { device_id: 'phone' },
    })
    expect(out.json().result.logged_out).toBe(1)
    expect((await check(sessionB, 'phone')).json().result.allowed).toBe(true)
    expect((await check(sessionA, 'laptop')).json().result).toMatchObject({
      allowed: false,
      reason: 'DEVICE_LOGGED_OUT',
    })

    // Signing in again on the laptop (a new SSO session) asks for a slot again.
    const sessionC = await api.token('u-dev', { sid: 'session-c' })
    expect((await check(sessionC, 'laptop')).json().result.reason).toBe('DEVICE_LIMIT_REACHED')
  })

  it('uses the SSO session when no device id is sent; other users’ devices are untouched', async () => {
    const token = await api.token('u-dev2', { sid: 's-1' })
    const res = await api.call({ method: 'POST', url: '/api/v1/devices/check', token })
    expect(res.json().result.device_id).toBe('sid:s-1')
    const other = await api.token('u-dev3')
    await api.call({
      method: 'POST',
      url: '/api/v1/devices/logout-devices',
      token: other,
      payload: { device_ids: ['sid:s-1'] },
    })
    const [row] = await api.database.db.select().from(t.devices).where(eq(t.devices.userId, 'u-dev2'))
    expect(row!.active).toBe(true)
  })

  it('validates input and requires a token', async () => {
    const token = await api.token('u-dev4')
    const bad = await api.call({
      method: 'POST',
      url: '/api/v1/devices/check',
      token,
      payload: { device_id: 'x'.repeat(201) },
    })
    expect(bad.json().error_code).toBe('VALIDATION_FAILED')
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/api/v1/devices/logout-devices',
          token,
          payload: { device_ids: [] },
        })
      ).statusCode,
    ).toBe(400)
    expect((await api.call({ method: 'POST', url: '/api/v1/devices/check' })).statusCode).toBe(401)
  })
})
