'use client'
import { useEffect } from 'react'
import Script from 'next/script'
import { usePathname } from 'next/navigation'
import { pageView } from '@/lib/analytics/data-layer'

/**
 * First render starts analytics: the data layer receives a page view per route; the gtag library loads only when a
 * tag id is configured. A script that fails to load is ignored (the page never depends on it).
 */
export function Analytics({ tagId }: { tagId?: string }) {
  const pathname = usePathname()
  useEffect(() => {
    pageView(pathname ?? '/', tagId)
  }, [pathname, tagId])
  if (!tagId) return null
  return (
    <Script
      id="analytics-tag"
      src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`}
      strategy="lazyOnload"
      onError={() => undefined}
    />
  )
}
