/**
 * A small time-bounded cache for public catalogue reads (voices, packages, banners, scripts). Entries live
 * `ttlMs` at most, so another replica's admin edit shows within that time; this replica's admin writes clear
 * it at once. Bounded in size (oldest entry evicted first).
 */
export interface TtlCache {
  get: <T>(key: string, load: () => Promise<T>) => Promise<T>
  /** Forgets one entry (the next `get` loads it again). */
  delete: (key: string) => void
  clear: () => void
  /** Called on every clear (caches derived from this one, e.g. the public answers' bodies, clear with it). */
  onClear: (listener: () => void) => void
}

export const createTtlCache = (ttlMs: number, maxEntries = 500): TtlCache => {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>()
  const listeners: (() => void)[] = []
  return {
    get: <T>(key: string, load: () => Promise<T>): Promise<T> => {
      if (ttlMs <= 0) return load()
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>
      const value = load()
      entries.delete(key)
      entries.set(key, { at: now, value })
      // A failed load is not cached.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key))
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      return value
    },
    delete: (key) => void entries.delete(key),
    clear: () => {
      entries.clear()
      for (const listener of listeners) listener()
    },
    onClear: (listener) => void listeners.push(listener),
  }
}
