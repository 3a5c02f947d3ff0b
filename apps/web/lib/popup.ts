import {
  BANNER_POSITIONS,
  LANDING_PAGE_POPUP_BANNER_TYPE,
  NARROW_BREAKPOINT_PX,
  POPUP_DEFAULT_HEIGHT,
  POPUP_DEFAULT_WIDTH,
  type BannerPosition,
} from '@loa/contracts/browser'
import type { Banner } from './api/types'

export const findPopupBanner = (banners: Banner[] | null | undefined): Banner | undefined =>
  banners?.find((b) => b.type === LANDING_PAGE_POPUP_BANNER_TYPE && Boolean(b.imageUrl))

/** At 768 px or less the popup is always centred; otherwise the configured position (default centre). */
export const popupPosition = (position: string | null | undefined, viewportWidth: number): BannerPosition => {
  if (viewportWidth <= NARROW_BREAKPOINT_PX) return 'MIDDLE_CENTER'
  return (BANNER_POSITIONS as readonly string[]).includes(position ?? '')
    ? (position as BannerPosition)
    : 'MIDDLE_CENTER'
}

export const DEFAULT_POPUP_SIZE = { width: POPUP_DEFAULT_WIDTH, height: POPUP_DEFAULT_HEIGHT }

/** Where the browser remembers which popup banners this visitor has already seen (dismissed or not). */
export const POPUP_SEEN_KEY = 'loa.popup.seen'
const SEEN_KEPT = 20

/**
 * A banner's identity for "seen once": its code and last edit (the same in every language, whose pictures differ);
 * without an edit time, its picture. An edited banner is a new one worth showing again.
 */
export const popupVersion = (banner: Banner): string =>
  [banner.code ?? banner.id ?? '', banner.updatedAt ?? banner.imageUrl, banner.actionUrl ?? ''].join('|')

type SeenStore = Pick<Storage, 'getItem' | 'setItem'>

const readSeen = (store: SeenStore): string[] => {
  try {
    const value: unknown = JSON.parse(store.getItem(POPUP_SEEN_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export const popupSeen = (store: SeenStore, banner: Banner): boolean =>
  readSeen(store).includes(popupVersion(banner))

/** Records a shown banner (the newest few are kept); storage failures (private mode, quota) are ignored. */
export const rememberPopupSeen = (store: SeenStore, banner: Banner): void => {
  const version = popupVersion(banner)
  const seen = readSeen(store).filter((v) => v !== version)
  try {
    store.setItem(POPUP_SEEN_KEY, JSON.stringify([...seen, version].slice(-SEEN_KEPT)))
  } catch {
    // Without storage the popup may show again on a later visit; nothing else depends on it.
  }
}
