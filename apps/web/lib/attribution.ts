/**
 * Affiliate (`?aff=CODE`) and ads-provider (`?ads_provider=…`, or click ids gclid/fbclid/ttclid) attribution kept in
 * localStorage until the visitor signs up. A click is counted once per visitor and code.
 */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const AFFILIATE_KEY = 'loa_affiliate'
export const ADS_PROVIDER_KEY = 'loa_ads_provider'
export const COUNTED_PREFIX = 'loa_aff_counted_'

export interface Attribution {
  code: string
  time: string
}

const CLICK_IDS: Record<string, string> = {
  gclid: 'google',
  fbclid: 'facebook',
  ttclid: 'tiktok',
  zclid: 'zalo',
}
const CODE = /^[A-Za-z0-9_-]{1,64}$/

const read = (store: Store, key: string): Attribution | undefined => {
  try {
    const value = JSON.parse(store.getItem(key) ?? 'null') as Attribution | null
    return value && typeof value.code === 'string' && typeof value.time === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

export const readAttribution = (store: Store) => ({
  affiliate: read(store, AFFILIATE_KEY),
  adsProvider: read(store, ADS_PROVIDER_KEY),
})

export const adsProviderFrom = (params: URLSearchParams): string | undefined => {
  const explicit = params.get('ads_provider') ?? params.get('utm_source')
  if (explicit && CODE.test(explicit)) return explicit
  for (const [param, provider] of Object.entries(CLICK_IDS)) if (params.get(param)) return provider
  return undefined
}

/** Stores what the address carries; returns the affiliate code whose click still has to be counted. */
export const rememberFromUrl = (href: string, store: Store, now = new Date()): { clickToCount?: string } => {
  const params = new URL(href).searchParams
  const time = now.toISOString()
  const aff = params.get('aff')
  const ads = adsProviderFrom(params)
  if (ads) store.setItem(ADS_PROVIDER_KEY, JSON.stringify({ code: ads, time }))
  if (!aff || !CODE.test(aff)) return {}
  if (read(store, AFFILIATE_KEY)?.code !== aff)
    store.setItem(AFFILIATE_KEY, JSON.stringify({ code: aff, time }))
  return store.getItem(`${COUNTED_PREFIX}${aff}`) ? {} : { clickToCount: aff }
}

export const markClickCounted = (code: string, store: Store): void =>
  store.setItem(`${COUNTED_PREFIX}${code}`, '1')

export const clearAttribution = (kind: 'affiliate' | 'adsProvider', store: Store): void =>
  store.removeItem(kind === 'affiliate' ? AFFILIATE_KEY : ADS_PROVIDER_KEY)
