import { describe, expect, it } from 'vitest'
import { chapterLevel, splitChapters, titleFromText } from './chapters.ts'
import { textBlocks } from './text.ts'

describe('splitChapters', () => {
  it('a part heading right before its first chapter joins that chapter', () => {
    const book = splitChapters([
      { kind: 'heading', level: 1, text: 'Phần một' },
      { kind: 'heading', level: 1, text: 'Chương 1' },
      { kind: 'paragraph', text: 'Mở đầu.' },
      { kind: 'heading', level: 1, text: 'Chương 2' },
      { kind: 'paragraph', text: 'Tiếp.' },
    ])
    expect(book.chapters).toEqual([
      { title: 'Phần một · Chương 1', paragraphs: ['Phần một', 'Chương 1', 'Mở đầu.'] },
      { title: 'Chương 2', paragraphs: ['Chương 2', 'Tiếp.'] },
    ])
  })

  it('text before the first heading is a chapter titled by its first words; a trailing bare heading is dropped', () => {
    const book = splitChapters([
      {
        kind: 'paragraph',
        text: 'Lời nói đầu của tác giả, viết cho những người đọc đầu tiên của cuốn sách này.',
      },
      { kind: 'heading', level: 2, text: 'Một' },
      { kind: 'paragraph', text: 'A.' },
      { kind: 'heading', level: 2, text: 'Hai' },
    ])
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Lời nói đầu của tác giả, viết cho những người đọc đầu tiên…',
      'Một',
    ])
  })

  it('chapters start at the highest heading level used twice', () => {
    expect(
      chapterLevel([
        { kind: 'heading', level: 1, text: 'Sách' },
        { kind: 'heading', level: 2, text: 'A' },
        { kind: 'heading', level: 2, text: 'B' },
      ]),
    ).toBe(2)
    expect(chapterLevel([{ kind: 'paragraph', text: 'x' }])).toBeNull()
    expect(titleFromText('Ngắn.')).toBe('Ngắn.')
  })
})

describe('plain-text chapter lines', () => {
  const headings = (text: string) =>
    textBlocks(text)
      .filter((b) => b.kind === 'heading')
      .map((b) => b.text)
  it('names chapters by number, Roman numeral or number word; ordinary sentences are not headings', () => {
    expect(
      headings(
        'Chương 12 Về quê\n\nChapter IV: The Sea\n\nPhần hai\n\nPart did not\n\nPart of it was rain\n\nBook one',
      ),
    ).toEqual(['Chương 12 Về quê', 'Chapter IV: The Sea', 'Phần hai', 'Book one'])
  })
})
