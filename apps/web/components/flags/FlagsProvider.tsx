'use client'
import { useEffect, useMemo, type ReactNode } from 'react'
import { GrowthBook } from '@growthbook/growthbook'
import { GrowthBookProvider, useFeatureIsOn, useGrowthBook } from '@growthbook/growthbook-react'
import type { FeatureFlagKey } from '@loa/contracts'
import { getFingerprint } from '@/lib/visitor/fingerprint'

interface Props {
  apiHost: string
  clientKey: string
  attributes: { ip: string | null; country: string; locale: string }
  children: ReactNode
}

/**
 * Feature flags through the official GrowthBook React SDK against apps/flags: features from
 * `{flags}/api/features/{clientKey}`, live updates over `/sub/{clientKey}` (SSE). Evaluated with the visitor's
 * attributes (IP, country, fingerprint). Failures are silently ignored (spec §8): flags then stay off.
 */
export function FlagsProvider({ apiHost, clientKey, attributes, children }: Props) {
  const growthbook = useMemo(
    () => new GrowthBook({ apiHost, clientKey, attributes: { ...attributes } }),
    // One instance per page load; attribute changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apiHost, clientKey],
  )

  useEffect(() => {
    void growthbook.setAttributes({ ...attributes, id: getFingerprint() }).catch(() => undefined)
  }, [growthbook, attributes])

  useEffect(() => {
    // init() is idempotent per instance; the instance lives as long as the page.
    growthbook.init({ streaming: true, timeout: 15_000 }).catch(() => undefined)
  }, [growthbook])

  return <GrowthBookProvider growthbook={growthbook}>{children}</GrowthBookProvider>
}

/** `{ ready, on }` for one flag: `ready` gates rendering anything that depends on it. */
export const useFlag = (key: FeatureFlagKey): { ready: boolean; on: boolean } => {
  const growthbook = useGrowthBook()
  const on = useFeatureIsOn(key)
  return { ready: Boolean(growthbook?.ready), on }
}
