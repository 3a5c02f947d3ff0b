import { describe, expect, test, vi } from 'vitest'
import type { HttpClient } from './http/client'
import { createDevicesApi, deviceName, PRESENCE_INTERVAL_MS } from './devices'

describe('spec §7 devices calls: POST /devices/check, /devices/logout-devices, /online (bearer)', () => {
  const setup = () => {
    const request = vi.fn(async () => ({ status: 1, result: { allowed: true } }))
    const api = createDevicesApi(
      { baseUrl: 'http://api', request } as unknown as HttpClient,
      async () => 'tok',
    )
    return { request, api }
  }

  test('check sends this device and its name with the bearer token and returns the result', async () => {
    const { request, api } = setup()
    expect(await api.check('fp-1', 'Chrome · Linux')).toEqual({ allowed: true })
    expect(request).toHaveBeenCalledWith('POST', '/api/v1/devices/check', {
      token: 'tok',
      body: { deviceId: 'fp-1', deviceName: 'Chrome · Linux' },
    })
  })

  test('signing out the other devices names this device (it stays); presence has no body', async () => {
    const { request, api } = setup()
    await api.logoutOthers('fp-1')
    await api.online()
    expect(request).toHaveBeenNthCalledWith(1, 'POST', '/api/v1/devices/logout-devices', {
      token: 'tok',
      body: { deviceId: 'fp-1' },
    })
    expect(request).toHaveBeenNthCalledWith(2, 'POST', '/api/v1/online', { token: 'tok' })
  })

  test('presence is reported at a sane interval (5 minutes), and devices get readable names', () => {
    expect(PRESENCE_INTERVAL_MS).toBe(300_000)
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36')).toBe(
      'Chrome · Linux',
    )
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 Safari/604.1')).toBe(
      'Safari · iOS',
    )
  })
})
