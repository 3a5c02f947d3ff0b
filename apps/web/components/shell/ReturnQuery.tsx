'use client'
import { useLayoutEffect } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { restoredAddress } from './return-query'

const session = (): Storage | null => {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * Whether this document was loaded with the SSO's `code` (the navigation entry keeps the address the page was loaded
 * from, whatever the client has replaced since). Such a page exchanges it and reloads at once: the choice is put
 * back on the reloaded page, not on this one (a change made while the reload starts would be lost).
 */
const arrivedWithCode = (): boolean => {
  const entry = performance.getEntriesByType('navigation')[0]
  return entry ? new URL(entry.name).searchParams.has('code') : false
}

/**
 * Puts a choice kept through the sign-in (`keepReturnQuery`) back on the address once the visitor is signed in. A
 * layout effect: it runs in the commit in which the signed-in page first renders, before that page's own effects
 * read the address (the payments page opens `?package=` at mount).
 */
export function ReturnQuery() {
  const { ready, authenticated } = useAuth()
  useLayoutEffect(() => {
    if (!ready || !authenticated || arrivedWithCode()) return
    const store = session()
    const next = store && restoredAddress(store, window.location.href)
    if (next) window.history.replaceState(window.history.state, '', next)
  }, [ready, authenticated])
  return null
}
