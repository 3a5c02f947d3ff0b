import { describe, expect, it } from 'vitest'
import { splitIntoChunks } from './chunks.ts'

const paragraph = (i: number): string => `Đoạn số ${i}. ` + 'Câu văn bình thường, đọc đều đều. '.repeat(12)

describe('splitIntoChunks', () => {
  it('covers the text exactly, with a small first chunk cut at a boundary', () => {
    const text = Array.from({ length: 20 }, (_, i) => paragraph(i)).join('\n\n')
    const chunks = splitIntoChunks(text)
    expect(chunks[0]!.start).toBe(0)
    expect(chunks.at(-1)!.end).toBe(text.length)
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end)
    expect(chunks[0]!.end).toBeLessThanOrEqual(300)
    expect(['sentence', 'paragraph']).toContain(chunks[0]!.boundary)
    expect(text.slice(0, chunks[0]!.end).trimEnd()).toMatch(/\.$/)
    for (const c of chunks.slice(1, -1)) {
      expect(c.end - c.start).toBeLessThanOrEqual(4000)
      expect(c.boundary).toBe('paragraph')
    }
    expect(chunks.at(-1)!.boundary).toBe('end')
  })

  it('keeps a short text whole', () => {
    expect(splitIntoChunks('Xin chào.')).toEqual([{ start: 0, end: 9, boundary: 'end' }])
  })

  it('never cuts inside a tag, and cuts unpunctuated text at a space', () => {
    const text = 'từ '.repeat(90) + '<break time="500ms"/> ' + 'chữ '.repeat(400)
    const chunks = splitIntoChunks(text)
    for (const c of chunks) {
      const piece = text.slice(c.start, c.end)
      expect(piece.split('<').length).toBe(piece.split('>').length)
    }
    expect(chunks.every((c) => c.end === text.length || text[c.end] === ' ')).toBe(true)
  })
})
