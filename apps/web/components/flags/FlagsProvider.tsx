'use client'
import { useEffect, type ReactNode } from 'react'
import { GrowthBook } from '@growthbook/growthbook'
import { GrowthBookProvider, useFeatureIsOn, useGrowthBook } from '@growthbook/growthbook-react'
import type { FeatureFlagKey } from '@loa/contracts'
import { getFingerprint } from '@/lib/visitor/fingerprint'

export interface FlagAttributes {
  ip: string | null
  country: string
  locale: string
}

let shared: { key: string; growthbook: GrowthBook } | undefined

/**
 * One GrowthBook instance per page (shared by every FlagsProvider): features from `{flags}/api/features/{key}`,
 * live updates over `/sub/{key}` (SSE). Failures are silently ignored (spec §8): flags then stay off.
 */
const sharedGrowthBook = (apiHost: string, clientKey: string): GrowthBook => {
  const key = `${apiHost}||${clientKey}`
  if (shared?.key !== key) {
    const growthbook = new GrowthBook({ apiHost, clientKey })
    growthbook.init({ streaming: true, timeout: 15_000 }).catch(() => undefined)
    shared = { key, growthbook }
  }
  return shared.growthbook
}

/**
 * Feature flags through the official GrowthBook React SDK against apps/flags, evaluated with the visitor's
 * attributes (IP, country, locale, fingerprint as `id`). Loaded lazily by the shell (care widget); the studio can
 * wrap its pages with it too.
 */
export function FlagsProvider({
  apiHost,
  clientKey,
  attributes,
  children,
}: {
  apiHost: string
  clientKey: string
  attributes: FlagAttributes
  children: ReactNode
}) {
  const growthbook = sharedGrowthBook(apiHost, clientKey)
  const { ip, country, locale } = attributes
  useEffect(() => {
    void growthbook.setAttributes({ id: getFingerprint(), ip, country, locale }).catch(() => undefined)
  }, [growthbook, ip, country, locale])
  return <GrowthBookProvider growthbook={growthbook}>{children}</GrowthBookProvider>
}

/** `{ ready, on }` for one flag: `ready` gates rendering anything that depends on it. */
export const useFlag = (key: FeatureFlagKey): { ready: boolean; on: boolean } => {
  const growthbook = useGrowthBook()
  const on = useFeatureIsOn(key)
  return { ready: Boolean(growthbook?.ready), on }
}
