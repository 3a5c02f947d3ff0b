/**
 * Sentence-level cache: rendered speech units keyed by a hash of (normalized text + clause pauses + voice +
 * settings + engine version). The in-memory LRU is the default; callers may plug in a persistent store.
 */
import { createHash } from 'node:crypto'
import type { ClausePause } from '../segment/segmenter.ts'
import type { RenderedWord } from '../pipeline/render-unit.ts'
import type { VoiceEngineMapping } from '../voices.ts'

export interface CachedUnit {
  pcm: Int16Array
  sampleRate: number
  words: RenderedWord[]
  /** How word times were obtained (engine events or estimated from the audio). */
  timing: 'events' | 'estimated'
}

export interface SentenceCache {
  get(key: string): Promise<CachedUnit | undefined> | CachedUnit | undefined
  set(key: string, unit: CachedUnit): Promise<void> | void
}

export interface CacheKeyParts {
  text: string
  clausePauses: readonly ClausePause[]
  voice: VoiceEngineMapping
  speed: number
  sampleRate: number
  normalizeVolume: boolean
  engine: { id: string; version: string }
}

/** Bump when the rendering after the engine (trim, stretch, volume, resample) changes. */
const RENDER_VERSION = 1

export const sentenceCacheKey = (parts: CacheKeyParts): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        RENDER_VERSION,
        parts.text,
        parts.clausePauses.map((p) => [p.offset, p.ms]),
        parts.voice,
        parts.speed,
        parts.sampleRate,
        parts.normalizeVolume,
        parts.engine.id,
        parts.engine.version,
      ]),
    )
    .digest('hex')

export interface MemoryCacheOptions {
  /** Bytes of PCM kept at most (default 64 MiB). */
  maxBytes?: number
}

export interface MemorySentenceCache extends SentenceCache {
  readonly size: number
  readonly bytes: number
  clear(): void
}

const bytesOf = (unit: CachedUnit): number => unit.pcm.byteLength + 64 * unit.words.length + 64

/** In-memory LRU bounded by bytes. */
export const createMemoryCache = (options: MemoryCacheOptions = {}): MemorySentenceCache => {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const entries = new Map<string, CachedUnit>()
  let bytes = 0
  return {
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
    get(key) {
      const unit = entries.get(key)
      if (unit) {
        entries.delete(key)
        entries.set(key, unit)
      }
      return unit
    },
    set(key, unit) {
      const size = bytesOf(unit)
      if (size > maxBytes) return
      const old = entries.get(key)
      if (old) {
        bytes -= bytesOf(old)
        entries.delete(key)
      }
      entries.set(key, unit)
      bytes += size
      for (const [k, v] of entries) {
        if (bytes <= maxBytes) break
        entries.delete(k)
        bytes -= bytesOf(v)
      }
    },
    clear() {
      entries.clear()
      bytes = 0
    },
  }
}

/** Binary form of a cached unit, for persistent caches (files, object storage, a database). */
export const serializeCachedUnit = (unit: CachedUnit): Uint8Array => {
  const meta = new TextEncoder().encode(
    JSON.stringify({ sampleRate: unit.sampleRate, words: unit.words, timing: unit.timing }),
  )
  const out = new Uint8Array(4 + meta.length + unit.pcm.byteLength)
  new DataView(out.buffer).setUint32(0, meta.length, true)
  out.set(meta, 4)
  out.set(new Uint8Array(unit.pcm.buffer, unit.pcm.byteOffset, unit.pcm.byteLength), 4 + meta.length)
  return out
}

export const deserializeCachedUnit = (bytes: Uint8Array): CachedUnit => {
  const metaLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true)
  const meta = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + metaLength))) as Omit<
    CachedUnit,
    'pcm'
  >
  const pcmBytes = bytes.slice(4 + metaLength)
  return { ...meta, pcm: new Int16Array(pcmBytes.buffer, 0, pcmBytes.byteLength >> 1) }
}
