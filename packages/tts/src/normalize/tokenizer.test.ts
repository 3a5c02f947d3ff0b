import { describe, expect, it } from 'vitest'
import { buildDictionary } from './dictionary.ts'
import { tokenize } from './tokenizer.ts'

const shape = (text: string) => tokenize(text, null).map((t) => [t.type, t.text, t.start, t.end])

describe('tokenize', () => {
  it('peels punctuation off words and keeps offsets into the input', () => {
    expect(shape('TP. Huế, 3,14!')).toEqual([
      ['word', 'TP', 0, 2],
      ['punct', '.', 2, 3],
      ['space', ' ', 3, 4],
      ['word', 'Huế', 4, 7],
      ['punct', ',', 7, 8],
      ['space', ' ', 8, 9],
      ['word', '3,14', 9, 13],
      ['punct', '!', 13, 14],
    ])
  })

  it('keeps URLs with query marks, negatives and ellipses whole', () => {
    expect(shape('a.php?id=1 -5 ồ...')).toEqual([
      ['word', 'a.php?id=1', 0, 10],
      ['space', ' ', 10, 11],
      ['word', '-5', 11, 13],
      ['space', ' ', 13, 14],
      ['word', 'ồ', 14, 15],
      ['punct', '…', 15, 18],
    ])
  })

  it('separates tags, paragraphs, dropped characters and dictionary words', () => {
    const dictionary = buildDictionary([{ word: 'Loa', reading: 'lo a' }], 'NORTH')
    const tokens = tokenize('Loa<b>x</b>\n\n😀\u0007', dictionary)
    expect(tokens.map((t) => t.type)).toEqual(['dict', 'tag', 'word', 'tag', 'newline', 'drop'])
    expect(tokens[0]?.reading).toBe('lo a')
    expect(tokens[4]?.text).toBe('\n\n')
  })

  it('marks a valid break with its canonical form', () => {
    expect(tokenize('<break time="2s"/>', null)[0]).toMatchObject({
      type: 'tag',
      reading: '<break time="2000ms"/>',
    })
    expect(tokenize('<break time="2 days"/>', null)[0]?.reading).toBeUndefined()
  })
})

describe('invisible characters', () => {
  it('keeps a soft hyphen inside its word but splits on a zero-width space', () => {
    expect(shape('chà\u00ADo a\u200Bb')).toEqual([
      ['word', 'chào', 0, 5],
      ['space', ' ', 5, 6],
      ['word', 'a', 6, 7],
      ['drop', ' ', 7, 8],
      ['word', 'b', 8, 9],
    ])
  })
})
