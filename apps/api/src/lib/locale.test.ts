import { describe, expect, it } from 'vitest'
import { acceptedLocale, translated } from './locale.ts'

describe('catalogue language', () => {
  it('reads Accept-Language by weight and region-less tag', () => {
    expect(acceptedLocale('en-US,en;q=0.9')).toBe('en')
    expect(acceptedLocale('fr-FR, vi;q=0.8, en;q=0.5')).toBe('vi')
    expect(acceptedLocale('de, en-GB;q=0.1')).toBe('en')
    expect(acceptedLocale('en;q=0, vi;q=0.2')).toBe('vi')
    expect(acceptedLocale('fr')).toBeUndefined()
    expect(acceptedLocale(undefined)).toBeUndefined()
  })

  it('takes each translated field, keeping Vietnamese where a translation is missing or empty', () => {
    const row = { name: 'Miễn phí', description: 'Gói miễn phí', highlights: ['a'] }
    const translations = { en: { name: 'Free', description: '' } }
    expect(translated(row, translations, 'en')).toEqual({
      name: 'Free',
      description: 'Gói miễn phí',
      highlights: ['a'],
    })
    expect(translated(row, translations, 'vi')).toBe(row)
    expect(translated(row, null, 'en')).toEqual(row)
  })
})
