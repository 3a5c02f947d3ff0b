import { describe, expect, it } from 'vitest'
import vi from '../../messages/console/vi.json'
import en from '../../messages/console/en.json'
import base from '../../messages/vi.json'
import studio from '../../messages/studio/vi.json'
import { CLIENT_NAMESPACES } from '../../i18n/client-namespaces'
import { CONSOLE_ERROR_CODES, consoleErrorKey } from './errors'
import { TOKEN_LIFETIMES } from './token-expiry'
import { QUICK_START_LANGUAGES } from '@loa/contracts/browser'

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  )

describe('console translations (messages/console)', () => {
  it('vi and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort())
  })

  it('add their own namespace, sent to the browser, replacing none of the base or studio catalogue', () => {
    expect(Object.keys(vi)).toEqual(['devConsole'])
    expect(Object.keys(vi).filter((ns) => ns in base || ns in studio)).toEqual([])
    expect(CLIENT_NAMESPACES).toContain('devConsole')
  })

  it('translate every error code the console claims to know, and route the rest to the studio', () => {
    for (const code of CONSOLE_ERROR_CODES) {
      expect(vi.devConsole.errors).toHaveProperty(code)
      expect(consoleErrorKey(code)).toBe(`devConsole.errors.${code}`)
    }
    expect(consoleErrorKey('APP_REVOKED')).toBe('studio.errors.APP_REVOKED')
  })

  it('name every quick-start language; the lifetimes fit the {days} message', () => {
    for (const language of QUICK_START_LANGUAGES) expect(en.devConsole.language).toHaveProperty(language)
    expect(TOKEN_LIFETIMES.filter((d) => d !== null).length).toBe(4)
    expect(vi.devConsole.lifetimeDays).toContain('{days}')
  })
})
