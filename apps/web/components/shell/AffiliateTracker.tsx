'use client'
import { useEffect } from 'react'
import { useApi } from './config-context'
import { useAuth } from '@/components/auth/AuthProvider'
import { readAttribution, rememberFromUrl, clearAttribution, markClickCounted } from '@/lib/attribution'

/**
 * Affiliate and ads-provider attribution: `?aff=CODE` (or a shortlink that leads here with it) counts one click per
 * visitor and is remembered until signup; once signed in, the code and the ads provider are sent to the API.
 */
export function AffiliateTracker() {
  const api = useApi()
  const auth = useAuth()

  useEffect(() => {
    const { clickToCount } = rememberFromUrl(window.location.href, window.localStorage)
    const done = () => (document.documentElement.dataset.attribution = 'read')
    if (!clickToCount) return void done()
    void api.increaseAffiliateClicks(clickToCount).then((body) => {
      if (body) markClickCounted(clickToCount, window.localStorage)
      done()
    })
  }, [api])

  useEffect(() => {
    if (!auth.authenticated || !auth.token) return
    const pending = readAttribution(window.localStorage)
    const token = auth.token
    const jobs: Promise<unknown>[] = []
    if (pending.affiliate) {
      jobs.push(
        api.updateAffiliateMarketer(token, pending.affiliate.code, pending.affiliate.time).then((body) => {
          if (body) clearAttribution('affiliate', window.localStorage)
        }),
      )
    }
    if (pending.adsProvider) {
      jobs.push(
        api.updateAdsProvider(token, pending.adsProvider.code, pending.adsProvider.time).then((body) => {
          if (body) clearAttribution('adsProvider', window.localStorage)
        }),
      )
    }
    void Promise.all(jobs)
  }, [api, auth.authenticated, auth.token])

  return null
}
