import { describe, expect, it } from 'vitest'
import vi from '../messages/vi.json'
import en from '../messages/en.json'
import { loadMessages } from './messages'
import { formatMessage } from '../lib/i18n-format'

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  )

describe('translations', () => {
  it('vi and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort())
  })

  it('loading is retried up to 5 times, 350 ms apart', async () => {
    let attempts = 0
    const flaky = async () => {
      attempts += 1
      if (attempts < 4) throw new Error('chunk load failed')
      return { default: vi }
    }
    const started = Date.now()
    await expect(loadMessages('vi', flaky, 5, 20)).resolves.toBe(vi)
    expect(attempts).toBe(4)
    expect(Date.now() - started).toBeGreaterThanOrEqual(55)
    attempts = -100
    await expect(loadMessages('vi', flaky, 5, 1)).rejects.toThrow('chunk load failed')
    expect(attempts).toBe(-94)
  })

  it('client messages fill {placeholders}', () => {
    expect(formatMessage('Gọi tổng đài {phone}', { phone: '1900' })).toBe('Gọi tổng đài 1900')
    expect(formatMessage('{a} {b}', { a: 1 })).toBe('1 {b}')
  })
})
