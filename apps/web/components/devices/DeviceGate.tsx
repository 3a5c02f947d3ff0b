'use client'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { usePublicConfig } from '@/components/shell/config-context'
import { createDevicesApi, deviceName, PRESENCE_INTERVAL_MS, type DeviceCheck } from '@/lib/devices'
import { createHttpClient } from '@/lib/http/client'
import { getFingerprint } from '@/lib/visitor/fingerprint'
import { Button } from '@/components/ui/Button'
import './devices.css'

type Gate = { state: 'checking' } | { state: 'allowed' } | { state: 'blocked'; check: DeviceCheck }

/**
 * The studio's device check (spec §7 `POST /devices/check`) on entry: within the package's device limit the studio
 * shows; at the limit a screen lists the signed-in devices and offers to sign the others out
 * (`POST /devices/logout-devices`). While allowed, presence is reported (`POST /online`) every 5 minutes when the
 * tab is visible. A check that fails for another reason (network) lets the studio through: the API enforces limits.
 */
export function DeviceGate({ children }: { children: ReactNode }) {
  const t = useTranslations('studio')
  const locale = useLocale()
  const config = usePublicConfig()
  const auth = useAuth()
  const tokenRef = useRef(auth.getToken)
  tokenRef.current = auth.getToken
  const api = useMemo(
    () => createDevicesApi(createHttpClient(config.apiUrl), () => tokenRef.current()),
    [config.apiUrl],
  )
  const [gate, setGate] = useState<Gate>({ state: 'checking' })
  const [busy, setBusy] = useState(false)
  const deviceId = useMemo(() => getFingerprint(), [])

  const check = useCallback(async () => {
    try {
      const result = await api.check(deviceId, deviceName(navigator.userAgent))
      setGate(result.allowed ? { state: 'allowed' } : { state: 'blocked', check: result })
    } catch {
      setGate({ state: 'allowed' })
    }
  }, [api, deviceId])

  useEffect(() => {
    void check()
  }, [check])

  const allowed = gate.state === 'allowed'
  useEffect(() => {
    if (!allowed) return
    const beat = () => {
      if (document.visibilityState === 'visible') void api.online().catch(() => undefined)
    }
    beat()
    const timer = setInterval(beat, PRESENCE_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [allowed, api])

  if (gate.state === 'checking')
    return (
      <p className="device-gate-checking" role="status">
        {t('devices.checking')}
      </p>
    )
  if (gate.state === 'allowed') return <>{children}</>

  const { check: blocked } = gate
  const loggedOut = blocked.reason === 'DEVICE_LOGGED_OUT'
  const dateFormat = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'vi-VN', {
    dateStyle: 'short',
    timeStyle: 'short',
  })
  return (
    <section className="device-gate card" aria-labelledby="device-gate-title" data-testid="device-limit">
      <h1 id="device-gate-title">{loggedOut ? t('devices.loggedOutTitle') : t('devices.limitTitle')}</h1>
      <p>
        {loggedOut
          ? t('devices.loggedOutText')
          : t('devices.limitText', { max: blocked.maxDevices, active: blocked.activeDevices })}
      </p>
      {!loggedOut && (
        <ul className="device-list">
          {blocked.devices.map((device) => (
            <li key={device.deviceId}>
              <strong>{device.name || t('devices.unnamed')}</strong>{' '}
              <span>{t('devices.lastSeen', { time: dateFormat.format(new Date(device.lastSeenAt)) })}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="device-gate-actions">
        {loggedOut ? (
          <Button variant="primary" onClick={() => auth.logout()}>
            {t('devices.signInAgain')}
          </Button>
        ) : (
          <Button
            variant="primary"
            disabled={busy}
            onClick={async () => {
              setBusy(true)
              try {
                await api.logoutOthers(deviceId)
                await check()
              } finally {
                setBusy(false)
              }
            }}
          >
            {t('devices.logoutOthers')}
          </Button>
        )}
      </div>
    </section>
  )
}
