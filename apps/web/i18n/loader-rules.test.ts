import { afterEach, describe, expect, test, vi } from 'vitest'
import { I18N_DEFAULT_NAMESPACE } from '@loa/contracts/browser'
import vi_ from '../messages/vi.json'
import { loadMessages } from './messages'
import { routing } from './routing'

afterEach(() => vi.useRealTimers())

describe('spec §9 "translation: default namespace common, retry up to 5 times with 350 ms delay"', () => {
  test('by default a failing load is retried 5 times, 350 ms apart, then fails', async () => {
    vi.useFakeTimers()
    let attempts = 0
    const failing = async () => {
      attempts += 1
      throw new Error('chunk load failed')
    }
    const outcome = loadMessages('vi', failing).catch((error: Error) => error.message)
    await vi.advanceTimersByTimeAsync(5 * 350 - 1)
    expect(attempts).toBe(5)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe('chunk load failed')
    expect(attempts).toBe(6)
  })

  test('the default namespace "common" is the catalogue root (keys used without a namespace)', () => {
    expect(I18N_DEFAULT_NAMESPACE).toBe('common')
    expect(Object.keys(vi_)).not.toContain('common')
    expect(typeof vi_).toBe('object')
  })

  test('locales: vi (default, no prefix) and en; the route decides, no detection (docs/decisions.md)', () => {
    expect(routing.locales).toEqual(['vi', 'en'])
    expect(routing.defaultLocale).toBe('vi')
    expect(routing.localeDetection).toBe(false)
  })
})
