import { describe, expect, it } from 'vitest'
import { BANNER_POSITIONS } from '@loa/contracts/browser'
import {
  DEFAULT_POPUP_SIZE,
  POPUP_SEEN_KEY,
  findPopupBanner,
  popupPosition,
  popupSeen,
  rememberPopupSeen,
} from './popup'

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

describe('popup seen once per banner', () => {
  const memory = () => {
    const data = new Map<string, string>()
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    }
  }
  const banner = { code: 'landing-popup', type: 'LANDING_PAGE_POPUP', imageUrl: '/p.png', actionUrl: '/x' }

  it('remembers a shown banner in every language until it is edited', () => {
    const store = memory()
    const vi = { ...banner, updatedAt: '2026-11-01T00:00:00.000Z' }
    rememberPopupSeen(store, vi)
    expect(popupSeen(store, { ...vi, imageUrl: '/p-en.png' })).toBe(true)
    expect(popupSeen(store, { ...vi, updatedAt: '2026-11-20T00:00:00.000Z' })).toBe(false)
  })

  it('without an edit time, remembers a shown banner until its image or link changes', () => {
    const store = memory()
    expect(popupSeen(store, banner)).toBe(false)
    rememberPopupSeen(store, banner)
    expect(popupSeen(store, banner)).toBe(true)
    expect(popupSeen(store, { ...banner, imageUrl: '/q.png' })).toBe(false)
    expect(popupSeen(store, { ...banner, code: 'other' })).toBe(false)
  })

  it('survives garbage in storage and a storage that refuses writes', () => {
    const store = memory()
    store.setItem(POPUP_SEEN_KEY, '{not json')
    expect(popupSeen(store, banner)).toBe(false)
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota')
      },
    }
    expect(() => rememberPopupSeen(full, banner)).not.toThrow()
  })
})
