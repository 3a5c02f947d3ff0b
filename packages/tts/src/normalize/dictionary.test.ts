import { describe, expect, it } from 'vitest'
import { dictionaryWordKey } from '@loa/contracts/browser'
import { normalize } from './index.ts'
import type { DictionaryEntry } from './types.ts'

const DICTIONARY: DictionaryEntry[] = [
  { word: 'Vinamilk', reading: 'vi na mín' },
  { word: 'UBND', reading: 'u bê nờ đê' },
  { word: 'TP.HCM', reading: 'sài gòn' },
  { word: 'bắp', reading: 'ngô', region: 'NORTH' },
  { word: 'bắp', reading: 'bắp ngọt', region: 'SOUTH' },
  { word: 'iPhone 15', reading: 'ai phôn mười lăm' },
]

describe('pronunciation dictionary', () => {
  it('applies before the rules, case-insensitively, on word boundaries', () => {
    const { text, spans } = normalize('vinamilk và UBND TP.HCM; Vinamilkx', { dictionary: DICTIONARY })
    expect(text).toBe('vi na mín và u bê nờ đê sài gòn; Vinamilkx')
    expect(normalize('VINAMILK', { dictionary: DICTIONARY }).text).toBe('vi na mín')
    expect(spans.filter((s) => s.kind === 'dictionary').map((s) => s.source)).toEqual([
      'vinamilk',
      'UBND',
      'TP.HCM',
    ])
  })

  it('prefers the longest entry and maps multi-word entries to their source', () => {
    const { spans } = normalize('Mua iPhone 15 ngay', { dictionary: DICTIONARY })
    expect(spans.find((s) => s.kind === 'dictionary')).toMatchObject({
      source: 'iPhone 15',
      text: 'ai phôn mười lăm',
    })
  })

  it('applies regional entries only to their region', () => {
    expect(normalize('bắp luộc', { dictionary: DICTIONARY }).text).toBe('ngô luộc')
    expect(normalize('bắp luộc', { dictionary: DICTIONARY, region: 'SOUTH' }).text).toBe('bắp ngọt luộc')
    expect(normalize('bắp luộc', { dictionary: DICTIONARY, region: 'CENTRAL' }).text).toBe('bắp luộc')
  })

  it('matches words written in capitals only in that case (AI the acronym, not "ai" the word)', () => {
    const dictionary: DictionaryEntry[] = [
      { word: 'AI', reading: 'ây ai' },
      { word: 'who', reading: 'hu' },
    ]
    expect(normalize('Ai dùng AI? ai cũng dùng. Who? WHO.', { dictionary }).text).toBe(
      'Ai dùng ây ai? ai cũng dùng. hu? hu.',
    )
    expect(dictionaryWordKey('AI')).toBe('AI')
    expect(dictionaryWordKey('Ai')).toBe('ai')
    expect(dictionaryWordKey('AI')).not.toBe(dictionaryWordKey('ai'))
    // Both can be stored and each reads its own form.
    const both = normalize('AI và ai', {
      dictionary: [...dictionary, { word: 'ai', reading: 'người nào' }],
    })
    expect(both.text).toBe('ây ai và người nào')
  })

  it('rejects malformed entries with a stable code', () => {
    expect(() => normalize('a', { dictionary: [{ word: '', reading: 'x' }] })).toThrowError(
      expect.objectContaining({ code: 'NORMALIZE_INVALID_DICTIONARY' }),
    )
    expect(() =>
      normalize('a', { dictionary: [{ word: 'a', reading: 'b', region: 'MARS' as never }] }),
    ).toThrowError(expect.objectContaining({ code: 'NORMALIZE_INVALID_DICTIONARY' }))
  })

  it('keys words the way the matcher compares them (one stored entry per key)', () => {
    expect(dictionaryWordKey('  Vinamilk ')).toBe(dictionaryWordKey('vinamilk'))
    expect(dictionaryWordKey('Hồ  Chí\tMinh')).toBe('hồ chí minh')
    // NFD input (combining marks) has the NFC key.
    expect(dictionaryWordKey('Ô tô'.normalize('NFD'))).toBe('ô tô')
    expect(dictionaryWordKey('Ô TÔ'.normalize('NFD'))).toBe('Ô TÔ')
    // Whatever two words share a key, one entry matches the text the other one would.
    for (const [a, b] of [
      ['TP.HCM', 'TP.HCM'],
      ['Đà Nẵng', 'đà nẵng'],
      ['Ô TÔ'.normalize('NFD'), 'Ô TÔ'],
    ] as const) {
      expect(dictionaryWordKey(a)).toBe(dictionaryWordKey(b))
      expect(normalize(b, { dictionary: [{ word: a, reading: 'x y' }] }).text).toBe('x y')
    }
    expect(dictionaryWordKey('AI')).not.toBe(dictionaryWordKey('A I'))
  })
})
