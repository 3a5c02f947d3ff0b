import { describe, expect, it } from 'vitest'
import { BANNER_POSITIONS } from '@loa/contracts'
import { DEFAULT_POPUP_SIZE, findPopupBanner, popupPosition } from './popup'

describe('popup banner rules', () => {
  it('keeps each of the nine configured positions on wide screens', () => {
    for (const position of BANNER_POSITIONS) expect(popupPosition(position, 1280)).toBe(position)
    expect(popupPosition(null, 1280)).toBe('MIDDLE_CENTER')
    expect(popupPosition('SOMEWHERE', 1280)).toBe('MIDDLE_CENTER')
  })

  it('forces the centre at 768 px and below', () => {
    expect(popupPosition('TOP_LEFT', 768)).toBe('MIDDLE_CENTER')
    expect(popupPosition('BOTTOM_RIGHT', 360)).toBe('MIDDLE_CENTER')
    expect(popupPosition('BOTTOM_RIGHT', 769)).toBe('BOTTOM_RIGHT')
  })

  it('the popup is the landing-page-popup banner; default size 1200×675', () => {
    const banners = [
      { type: 'HEADER', imageUrl: '/h.png' },
      { type: 'LANDING_PAGE_POPUP', imageUrl: '/p.png', position: 'TOP_LEFT' as const },
    ]
    expect(findPopupBanner(banners)?.imageUrl).toBe('/p.png')
    expect(findPopupBanner(null)).toBeUndefined()
    expect(DEFAULT_POPUP_SIZE).toEqual({ width: 1200, height: 675 })
  })
})
