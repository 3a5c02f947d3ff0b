import type { CookieJar } from './challenge-cookie.ts'
import type { FetchLike } from './http.ts'
import type { LockManagerLike, StorageLike } from './refresh-lock.ts'

/** A cross-tab message channel (`BroadcastChannel`). */
export interface ChannelLike {
  postMessage(message: unknown): void
  onmessage: ((event: MessageEvent) => void) | null
  close(): void
}

/** The browser facilities the client uses; defaults to the real window. Tests replace navigation. */
export interface SsoEnvironment {
  fetch: FetchLike
  currentUrl(): string
  /** Leaves the page for another address (login, logout). */
  redirect(url: string): void
  /** Changes the address without navigating (`history.replaceState`). */
  replaceUrl(url: string): void
  reload(): void
  now(): number
  logger: Pick<Console, 'error' | 'warn'>
  cookies: CookieJar
  locks?: LockManagerLike | undefined
  storage?: StorageLike | undefined
  createChannel?: ((name: string) => ChannelLike | undefined) | undefined
}

/** The real window's facilities; each one degrades (no storage, no locks, no channel) instead of throwing. */
export function browserEnvironment(): SsoEnvironment {
  let storage: StorageLike | undefined
  try {
    storage = typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    storage = undefined // storage disabled (privacy mode): refreshes are then serialised within the tab only
  }
  const locks =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { locks?: LockManagerLike }).locks
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    currentUrl: () => window.location.href,
    redirect: (url) => window.location.assign(url),
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    reload: () => window.location.reload(),
    now: () => Date.now(),
    logger: console,
    cookies: {
      read: () => document.cookie,
      write: (cookie) => {
        document.cookie = cookie
      },
    },
    locks: locks && typeof locks.request === 'function' ? locks : undefined,
    storage,
    createChannel: (name) =>
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined,
  }
}
