import {
  createMemoryCache,
  deserializeCachedUnit,
  serializeCachedUnit,
  type CachedUnit,
  type SentenceCache,
} from '@loa/tts'
import type { Storage } from '@loa/storage'

export interface PersistentSentenceCache extends SentenceCache {
  /** Storage key of a cache entry. */
  keyOf(cacheKey: string): string
}

const PREFIX = 'tts-cache'

/**
 * The sentence cache of Loa: an in-memory LRU in front of storage (`tts-cache/<aa>/<key>`), so rendered
 * sentences survive restarts and are shared by every process (api streams, workers). A job re-run after a
 * crash finds the sentences it had already rendered. Storage failures never fail a synthesis: a failed read
 * is a miss, a failed write is only logged by the caller's logger.
 */
export const createPersistentSentenceCache = (
  storage: Storage,
  options: { memoryBytes?: number; onError?: (error: unknown) => void } = {},
): PersistentSentenceCache => {
  const memory = createMemoryCache({ maxBytes: options.memoryBytes ?? 64 * 1024 * 1024 })
  const keyOf = (cacheKey: string) => `${PREFIX}/${cacheKey.slice(0, 2)}/${cacheKey}`
  return {
    keyOf,
    async get(cacheKey) {
      const hit = memory.get(cacheKey)
      if (hit) return hit
      try {
        if (!(await storage.exists(keyOf(cacheKey)))) return undefined
        const unit = deserializeCachedUnit(await storage.getBytes(keyOf(cacheKey)))
        memory.set(cacheKey, unit)
        return unit
      } catch (error) {
        options.onError?.(error)
        return undefined
      }
    },
    async set(cacheKey, unit: CachedUnit) {
      memory.set(cacheKey, unit)
      try {
        await storage.put(keyOf(cacheKey), serializeCachedUnit(unit), {
          contentType: 'application/octet-stream',
        })
      } catch (error) {
        options.onError?.(error)
      }
    },
  }
}

/** One speech unit of a render, in timeline order: its cache key and whether it came from the cache. */
export interface UnitLookup {
  key: string
  hit: boolean
}

/**
 * Wraps a cache to record the lookups of one synthesis call. The pipeline looks units up in speech order,
 * so the n-th lookup belongs to the n-th sentence of the timeline.
 */
export const trackingCache = (base: SentenceCache): { cache: SentenceCache; lookups: UnitLookup[] } => {
  const lookups: UnitLookup[] = []
  return {
    lookups,
    cache: {
      get(key) {
        const entry: UnitLookup = { key, hit: false }
        lookups.push(entry)
        const found = base.get(key)
        const mark = (unit: CachedUnit | undefined) => {
          entry.hit = unit !== undefined
          return unit
        }
        return found instanceof Promise ? found.then(mark) : mark(found)
      },
      set: (key, unit) => base.set(key, unit),
    },
  }
}
