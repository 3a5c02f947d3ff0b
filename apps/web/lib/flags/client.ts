/**
 * The page's one feature-flag client (GrowthBook SDK against apps/flags), with the spec's cache constants (§9:
 * stale after 60 s, at most 10 entries, idle stream closed after 20 s) and flag events batched every 2 s.
 * Failures are silently ignored (spec §8): flags then stay off.
 */
import { configureCache, GrowthBook } from '@growthbook/growthbook'
import {
  FLAG_CACHE_MAX_ENTRIES,
  FLAG_CACHE_STALE_MS,
  FLAG_EVENT_BATCH_MS,
  FLAG_IDLE_STREAM_MS,
  type ProductId,
} from '@loa/contracts/browser'
import { trackEvent } from '../analytics/data-layer'
import { ROUTES, stripLocale } from '../routes'

export interface FlagAttributes {
  ip: string | null
  country: string
  locale: string
  /** Spec §1 product id of the page (studio aivoice, dubbing aidubbing, console aivoiceapi). */
  product?: ProductId
}

/** The product a page belongs to, by route (flag attributes carry it). */
export const productForPath = (pathname: string): ProductId | undefined => {
  const path = stripLocale(pathname)
  if (path.startsWith(ROUTES.studioDubbing)) return 'aidubbing'
  if (path.startsWith(ROUTES.consoleApps)) return 'aivoiceapi'
  if (path.startsWith(ROUTES.studio)) return 'aivoice'
  return undefined
}

/** Spec §9's numbers in GrowthBook's cache settings. */
export const FLAG_CACHE_SETTINGS = {
  staleTTL: FLAG_CACHE_STALE_MS,
  maxEntries: FLAG_CACHE_MAX_ENTRIES,
  idleStreamInterval: FLAG_IDLE_STREAM_MS,
  disableIdleStreams: false,
} as const

export interface FlagEvent {
  name: string
  feature?: string
  value?: unknown
  experiment?: string
  variation?: unknown
}

/** Collects events and hands them over in one batch every `intervalMs` (nothing is sent for an empty batch). */
export const createEventBatcher = (
  flush: (events: FlagEvent[]) => void,
  intervalMs: number = FLAG_EVENT_BATCH_MS,
) => {
  let queue: FlagEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const send = () => {
    timer = undefined
    const batch = queue
    queue = []
    if (batch.length) flush(batch)
  }
  return {
    add(event: FlagEvent) {
      queue.push(event)
      timer ??= setTimeout(send, intervalMs)
    },
    /** Sends what is queued now (page hidden). */
    flush() {
      if (timer !== undefined) clearTimeout(timer)
      send()
    },
  }
}

let shared: { key: string; growthbook: GrowthBook; loaded: Promise<void> } | undefined

/** One GrowthBook per page (every FlagsProvider and the first-render boot share it); streaming on. */
export const sharedGrowthBook = (apiHost: string, clientKey: string): GrowthBook => {
  const key = `${apiHost}||${clientKey}`
  if (shared?.key !== key) {
    configureCache(FLAG_CACHE_SETTINGS)
    const events = createEventBatcher((batch) => trackEvent('flag_events', { events: batch }))
    const growthbook = new GrowthBook({
      apiHost,
      clientKey,
      onFeatureUsage: (feature, result) => events.add({ name: 'feature_used', feature, value: result.value }),
      trackingCallback: (experiment, result) =>
        events.add({ name: 'experiment_viewed', experiment: experiment.key, variation: result.key }),
    })
    const loaded = growthbook
      .init({ streaming: true, timeout: 15_000 })
      .then(() => undefined)
      .catch(() => undefined)
    if (typeof document !== 'undefined')
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') events.flush()
      })
    shared = { key, growthbook, loaded }
  }
  return shared.growthbook
}

/** Resolves once the shared client's first payload load has finished (loaded or failed). */
export const flagsLoaded = (apiHost: string, clientKey: string): Promise<void> => {
  sharedGrowthBook(apiHost, clientKey)
  return shared!.loaded
}
