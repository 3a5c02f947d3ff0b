import { STORAGE_LOCK_TTL_MS } from './constants.ts'

/** The part of the Web Locks API the client uses (`navigator.locks`). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

/** The part of `Storage` the fallback lock uses (`localStorage`). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface LockOptions {
  locks?: LockManagerLike | undefined
  storage?: StorageLike | undefined
  now: () => number
  /** Unique per tab/client instance. */
  owner: string
}

const SETTLE_MS = 25
const POLL_MS = 50

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

interface StoredLock {
  owner: string
  expires: number
}

function readLock(storage: StorageLike, key: string): StoredLock | undefined {
  try {
    const raw = storage.getItem(key)
    if (!raw) return undefined
    const parsed = JSON.parse(raw) as Partial<StoredLock>
    return typeof parsed.owner === 'string' && typeof parsed.expires === 'number'
      ? { owner: parsed.owner, expires: parsed.expires }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * localStorage lock for browsers without Web Locks: write our claim when the lock is free or expired, wait a
 * moment, and own it only if our claim survived (the last concurrent writer wins). Claims expire after
 * STORAGE_LOCK_TTL_MS so a closed tab never blocks the others.
 */
async function withStorageLock<T>(
  storage: StorageLike,
  key: string,
  options: LockOptions,
  fn: () => Promise<T>,
): Promise<T> {
  for (;;) {
    const current = readLock(storage, key)
    if (!current || current.expires <= options.now() || current.owner === options.owner) {
      try {
        storage.setItem(
          key,
          JSON.stringify({ owner: options.owner, expires: options.now() + STORAGE_LOCK_TTL_MS }),
        )
      } catch {
        return fn()
      }
      await sleep(SETTLE_MS)
      if (readLock(storage, key)?.owner === options.owner) break
    } else {
      await sleep(POLL_MS)
    }
  }
  try {
    return await fn()
  } finally {
    if (readLock(storage, key)?.owner === options.owner) storage.removeItem(key)
  }
}

/**
 * Runs `fn` while holding the cross-tab lock `name`: Web Locks when available, else a localStorage lock, else
 * (no DOM) without a lock.
 */
export function withCrossTabLock<T>(name: string, options: LockOptions, fn: () => Promise<T>): Promise<T> {
  if (options.locks) return options.locks.request(name, fn)
  if (options.storage) return withStorageLock(options.storage, name, options, fn)
  return fn()
}
