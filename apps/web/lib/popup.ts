import {
  BANNER_POSITIONS,
  LANDING_PAGE_POPUP_BANNER_TYPE,
  NARROW_BREAKPOINT_PX,
  POPUP_DEFAULT_HEIGHT,
  POPUP_DEFAULT_WIDTH,
  type BannerPosition,
} from '@loa/contracts'
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
