'use client'
/**
 * Devices, a plan resource (spec §3 "plan resource kinds: devices"): the studio checks the device on entry
 * (`POST /devices/check`), lets the user sign out other devices at the package's limit
 * (`POST /devices/logout-devices`) and reports presence (`POST /online`) while a studio tab is visible.
 */
import type { HttpClient } from './http/client'

/** Presence heartbeat: every 5 minutes while the tab is visible (the API keeps `last_seen_at`). */
export const PRESENCE_INTERVAL_MS = 5 * 60_000

export interface DeviceInfo {
  deviceId: string
  name: string
  ip: string | null
  active: boolean
  current: boolean
  lastSeenAt: string
}

export interface DeviceCheck {
  allowed: boolean
  reason: 'DEVICE_LIMIT_REACHED' | 'DEVICE_LOGGED_OUT' | null
  deviceId: string
  maxDevices: number
  activeDevices: number
  devices: DeviceInfo[]
}

/** A short name for this browser, shown in the other devices' lists (shared with the SSO's profile page). */
export { deviceName } from '@loa/contracts/browser'

type Envelope<T> = { status: number; result: T }

export const createDevicesApi = (http: HttpClient, token: () => Promise<string | undefined>) => {
  const post = async <T>(path: string, body?: object): Promise<T> => {
    const answer = await http.request<Envelope<T>>('POST', `/api/v1${path}`, {
      token: await token(),
      ...(body ? { body } : {}),
    })
    return answer.result
  }
  return {
    check: (deviceId: string, name: string) =>
      post<DeviceCheck>('/devices/check', { deviceId, deviceName: name }),
    /** Signs out every other device of the user (this one stays). */
    logoutOthers: (deviceId: string) =>
      post<{ loggedOut: number; devices: DeviceInfo[] }>('/devices/logout-devices', { deviceId }),
    online: () => post<{ lastSeenAt: string }>('/online'),
  }
}

export type DevicesApi = ReturnType<typeof createDevicesApi>
