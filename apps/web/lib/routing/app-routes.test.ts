import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isKnownPath, routePatterns, splitLocale } from './app-routes'
import { listAppRoutes } from './list-app-routes'

const localeDir = path.join(import.meta.dirname, '..', '..', 'app', '[locale]')

describe('the site route list', () => {
  it('lists the real pages and route handlers, not the catch-all or the 404 page', () => {
    const routes = listAppRoutes(localeDir)
    expect(routes).toEqual(
      expect.arrayContaining(['/', '/studio', '/studio/text-to-speech', '/admin/users/[id]']),
    )
    expect(routes).toContain('/s/[code]')
    expect(routes.some((r) => r.includes('[...rest]') || r.includes('not-found-page'))).toBe(false)
  })

  it('drops route groups and ignores folders without a page', () => {
    const patterns = routePatterns([
      { segments: [], routable: true },
      { segments: ['(site)', 'about'], routable: true },
      { segments: ['admin'], routable: false },
      { segments: ['_parts', 'x'], routable: true },
    ])
    expect(patterns).toEqual(['/', '/about'])
  })
})

describe('matching an address', () => {
  const patterns = ['/', '/studio', '/admin/users/[id]', '/docs/[...slug]', '/help/[[...topic]]']
  it.each([
    ['/', true],
    ['/studio', true],
    ['/studio/', true],
    ['/admin/users/42', true],
    ['/admin/users', false],
    ['/admin/users/42/extra', false],
    ['/docs/a/b', true],
    ['/docs', false],
    ['/help', true],
    ['/help/x/y', true],
    ['/khong-co-trang-nay', false],
    ['/studios', false],
  ])('%s → %s', (address, known) => {
    expect(isKnownPath(address, patterns)).toBe(known)
  })
})

describe('the locale of an address', () => {
  it.each([
    ['/', 'vi', '/'],
    ['/studio', 'vi', '/studio'],
    ['/en', 'en', '/'],
    ['/en/studio', 'en', '/studio'],
    ['/english', 'vi', '/english'],
  ])('%s', (address, locale, rest) => {
    expect(splitLocale(address)).toEqual({ locale, path: rest })
  })
})
