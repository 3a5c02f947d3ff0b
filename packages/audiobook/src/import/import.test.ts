import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { AudiobookError } from '../errors.ts'
import { buildDocx, buildEpub } from './fixtures.ts'
import { importBook, MAX_BOOK_CHARACTERS } from './index.ts'

const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../golden')

/** Compares with golden/<name>.json (written when missing or with UPDATE_GOLDEN=1; review the diff). */
const matchesGolden = (name: string, actual: unknown) => {
  const expectedFile = path.join(golden, `${name}.json`)
  if (process.env.UPDATE_GOLDEN || !existsSync(expectedFile))
    writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`)
  expect(actual).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')))
}

const codeOf = async (run: () => Promise<unknown>): Promise<string> => {
  try {
    await run()
  } catch (error) {
    if (error instanceof AudiobookError) return error.code
    throw error
  }
  throw new Error('expected an AudiobookError')
}

const THREE_CHAPTERS = {
  title: 'Ba chương & một cuốn sách',
  chapters: [
    {
      title: 'Chương 1: Mở đầu',
      paragraphs: ['Ngày xửa ngày xưa, có một ngôi làng.', 'Dân làng sống bằng nghề chài lưới.'],
    },
    { title: 'Chương 2: Cơn bão', paragraphs: ['Một đêm, bão nổi lên từ biển.'] },
    { title: 'Chương 3: Bình minh', paragraphs: ['Sáng hôm sau, trời lại trong xanh.', 'Hết.'] },
  ],
}

describe('importBook (golden files)', () => {
  const texts = readdirSync(golden).filter((f) => /\.(txt|md)$/.test(f))
  it.each(texts)('%s reads as its golden JSON', async (name) => {
    matchesGolden(name, await importBook({ name, bytes: readFileSync(path.join(golden, name)) }))
  })

  it('an EPUB 3 reads one chapter per spine document, titled from its nav, cover and contents skipped', async () => {
    const book = await importBook({
      name: 'ba-chuong.epub',
      bytes: buildEpub({ ...THREE_CHAPTERS, withCover: true }),
    })
    matchesGolden('three-chapters.epub', book)
    expect(book.chapters.map((c) => c.title)).toEqual(THREE_CHAPTERS.chapters.map((c) => c.title))
    expect(book.chapters.map((c) => c.paragraphs)).toEqual(
      THREE_CHAPTERS.chapters.map((c) => [c.title, ...c.paragraphs]),
    )
    expect(book.title).toBe(THREE_CHAPTERS.title)
  })

  it('a DOCX splits at Word headings; its Title style is the book title', async () => {
    const bytes = buildDocx([
      { style: 'Title', text: 'Sổ tay làm vườn' },
      { style: 'Heading1', text: 'Đất' },
      { text: 'Đất tốt là đất tơi xốp.' },
      { style: 'Heading2', text: 'Độ ẩm' },
      { text: 'Tưới vào buổi sáng.' },
      { style: 'Heading1', text: 'Hạt giống' },
      { text: 'Chọn hạt chắc, đều.' },
    ])
    const book = await importBook({ name: 'so-tay.docx', bytes })
    matchesGolden('garden.docx', book)
    expect(book.title).toBe('Sổ tay làm vườn')
    expect(book.chapters).toEqual([
      { title: 'Đất', paragraphs: ['Đất', 'Đất tốt là đất tơi xốp.', 'Độ ẩm', 'Tưới vào buổi sáng.'] },
      { title: 'Hạt giống', paragraphs: ['Hạt giống', 'Chọn hạt chắc, đều.'] },
    ])
  })
})

describe('importBook refuses what it cannot read', () => {
  it('an unknown extension', async () => {
    expect(await codeOf(() => importBook({ name: 'book.pdf', bytes: strToU8('%PDF-1.7') }))).toBe(
      'AUDIOBOOK_UNSUPPORTED_FORMAT',
    )
  })

  it('an EPUB that is not a ZIP, a ZIP without a package document, text that is a ZIP', async () => {
    expect(await codeOf(() => importBook({ name: 'a.epub', bytes: strToU8('hello') }))).toBe(
      'AUDIOBOOK_FILE_UNREADABLE',
    )
    const zip = zipSync({ 'a.xml': strToU8('<a/>') })
    expect(await codeOf(() => importBook({ name: 'a.epub', bytes: zip }))).toBe('AUDIOBOOK_FILE_UNREADABLE')
    expect(await codeOf(() => importBook({ name: 'a.txt', bytes: zip }))).toBe('AUDIOBOOK_FILE_UNREADABLE')
    expect(await codeOf(() => importBook({ name: 'a.docx', bytes: zip }))).toBe('AUDIOBOOK_FILE_UNREADABLE')
  })

  it('text that is not UTF-8 (a legacy 8-bit encoding)', async () => {
    const latin1 = new Uint8Array([0x43, 0x68, 0xe6, 0x20, 0x61, 0xf1])
    expect(await codeOf(() => importBook({ name: 'a.txt', bytes: latin1 }))).toBe('AUDIOBOOK_FILE_UNREADABLE')
  })

  it('a document with no text', async () => {
    expect(await codeOf(() => importBook({ name: 'a.md', bytes: strToU8('\n\n# \n\n') }))).toBe(
      'AUDIOBOOK_NO_TEXT',
    )
  })

  it('reads exactly 1,000,000 characters and refuses one more', async () => {
    const exact = Array.from({ length: MAX_BOOK_CHARACTERS / 1000 }, () => 'a'.repeat(1000)).join('\n\n')
    const atLimit = await importBook({ name: 'long.txt', bytes: strToU8(exact) })
    expect(atLimit.characters).toBe(MAX_BOOK_CHARACTERS)
    expect(atLimit.chapters[0]!.paragraphs).toHaveLength(1000)
    expect(await codeOf(() => importBook({ name: 'long.txt', bytes: strToU8(`${exact}b`) }))).toBe(
      'AUDIOBOOK_TOO_LONG',
    )
  })
})
