import { describe, expect, it } from 'vitest'
import { careChatUrl, isLandingPath, showsPopupBanner } from './routes'

describe('routes', () => {
  it('the landing pages are / and /en only', () => {
    expect(isLandingPath('/')).toBe(true)
    expect(isLandingPath('/en')).toBe(true)
    for (const path of ['/studio', '/en/support', '/services', '/console/apps', '/demo'])
      expect(isLandingPath(path)).toBe(false)
  })

  it('the popup rule: every public page but /demo; never the studio, console, back-office or a short link', () => {
    for (const path of ['/', '/en', '/support', '/en/services', '/terms', '/en/privacy', '/docs', '/en/docs'])
      expect(showsPopupBanner(path), path).toBe(true)
    for (const path of [
      '/demo',
      '/en/demo',
      '/studio',
      '/studio/text-to-speech',
      '/en/console/apps',
      '/admin',
      '/s/abc',
    ])
      expect(showsPopupBanner(path), path).toBe(false)
    expect(showsPopupBanner('/studios-of-the-world')).toBe(true)
  })

  it('the care chat frame opens our support page as its chat view in the page language', () => {
    const web = 'https://loa.vn'
    expect(careChatUrl('https://loa.vn/support', web, 'vi')).toBe('https://loa.vn/support/chat')
    expect(careChatUrl('https://loa.vn/support/', web, 'en')).toBe('https://loa.vn/en/support/chat')
    expect(careChatUrl('https://chat.example.com/loa', web, 'en')).toBe('https://chat.example.com/loa')
  })
})
