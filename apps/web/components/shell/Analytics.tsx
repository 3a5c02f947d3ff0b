'use client'
import { useEffect } from 'react'
import { usePathname } from 'next/navigation'
import { loadScript, pageView } from '@/lib/analytics/data-layer'

/**
 * First render starts analytics: the data layer receives a page view per route; the gtag library loads only when a
 * tag id is configured. A script that fails to load is ignored (the page never depends on it).
 */
export function Analytics({ tagId }: { tagId?: string }) {
  const pathname = usePathname()
  useEffect(() => {
    if (tagId)
      loadScript('analytics-tag', `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`)
  }, [tagId])
  useEffect(() => {
    pageView(pathname ?? '/', tagId)
  }, [pathname, tagId])
  return null
}
