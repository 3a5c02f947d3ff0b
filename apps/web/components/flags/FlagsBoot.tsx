'use client'
import { useEffect } from 'react'
import { usePathname } from 'next/navigation'
import type { FlagAttributes } from '@/lib/flags/client'

/**
 * Spec §4 "first render: feature flags load" — on every page, /demo included: the page's flag client is started
 * when the page first renders (the SDK itself is fetched after hydration, outside the first-load JavaScript), with
 * the visitor's attributes and the page's product. `<html data-flags="ready">` marks a loaded payload.
 */
export function FlagsBoot({
  apiHost,
  clientKey,
  attributes,
}: {
  apiHost: string
  clientKey: string
  attributes: Omit<FlagAttributes, 'product'>
}) {
  const pathname = usePathname() ?? '/'
  const { ip, country, locale } = attributes
  useEffect(() => {
    let cancelled = false
    void import('@/lib/flags/client').then(async ({ sharedGrowthBook, productForPath, flagsLoaded }) => {
      if (cancelled) return
      const growthbook = sharedGrowthBook(apiHost, clientKey)
      const { getFingerprint } = await import('@/lib/visitor/fingerprint')
      const product = productForPath(pathname)
      await growthbook
        .setAttributes({ id: getFingerprint(), ip, country, locale, ...(product ? { product } : {}) })
        .catch(() => undefined)
      await flagsLoaded(apiHost, clientKey)
      if (!cancelled && growthbook.ready) document.documentElement.dataset.flags = 'ready'
    })
    return () => {
      cancelled = true
    }
  }, [apiHost, clientKey, ip, country, locale, pathname])
  return null
}
