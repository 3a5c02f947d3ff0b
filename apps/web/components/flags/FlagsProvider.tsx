'use client'
import { useEffect, type ReactNode } from 'react'
import { GrowthBookProvider, useFeatureIsOn, useGrowthBook } from '@growthbook/growthbook-react'
import type { FeatureFlagKey } from '@loa/contracts/browser'
import { sharedGrowthBook, type FlagAttributes } from '@/lib/flags/client'
import { getFingerprint } from '@/lib/visitor/fingerprint'

export type { FlagAttributes }

/**
 * Feature flags through the official GrowthBook React SDK against apps/flags, evaluated with the visitor's
 * attributes (IP, country, locale, the page's product, fingerprint as `id`). The page's one client is started at
 * first render by FlagsBoot; this provider lets components below read flags from it.
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
  const { ip, country, locale, product } = attributes
  useEffect(() => {
    void growthbook
      .setAttributes({ id: getFingerprint(), ip, country, locale, ...(product ? { product } : {}) })
      .catch(() => undefined)
  }, [growthbook, ip, country, locale, product])
  return <GrowthBookProvider growthbook={growthbook}>{children}</GrowthBookProvider>
}

/** `{ ready, on }` for one flag: `ready` gates rendering anything that depends on it. */
export const useFlag = (key: FeatureFlagKey): { ready: boolean; on: boolean } => {
  const growthbook = useGrowthBook()
  const on = useFeatureIsOn(key)
  return { ready: Boolean(growthbook?.ready), on }
}
