import { AudiobookError } from '../errors.ts'
import { splitChapters } from './chapters.ts'
import { docxBlocks } from './docx.ts'
import { epubBook } from './epub.ts'
import { markdownBlocks } from './markdown.ts'
import { decodeText, textBlocks } from './text.ts'
import { MAX_BOOK_CHARACTERS, type BookFormat, type ImportedBook } from './types.ts'

export { MAX_BOOK_CHARACTERS, type BookFormat, type ImportedBook, type ImportedChapter } from './types.ts'

/** The most a file to import may weigh (a 1,000,000-character book with its markup fits with room). */
export const MAX_BOOK_FILE_BYTES = 20 * 1024 * 1024

/** The format of a file by its name's extension. */
export const bookFormatOf = (fileName: string): BookFormat | null => {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
  if (ext === 'txt' || ext === 'text') return 'txt'
  if (ext === 'md' || ext === 'markdown') return 'md'
  if (ext === 'epub') return 'epub'
  if (ext === 'docx') return 'docx'
  return null
}

const isZip = (bytes: Uint8Array): boolean =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

/**
 * A document as chapters of paragraphs: `.txt`, `.md`, `.epub`, `.docx`, up to 1,000,000 characters. The format
 * comes from the name and is checked against the bytes (EPUB and DOCX are ZIP archives; text must not be one).
 */
export const importBook = async (file: { name: string; bytes: Uint8Array }): Promise<ImportedBook> => {
  const format = bookFormatOf(file.name)
  if (!format)
    throw new AudiobookError('AUDIOBOOK_UNSUPPORTED_FORMAT', 'import a .txt, .md, .epub or .docx file', {
      formats: ['txt', 'md', 'epub', 'docx'],
    })
  if (file.bytes.byteLength > MAX_BOOK_FILE_BYTES)
    throw new AudiobookError('AUDIOBOOK_TOO_LONG', `the file is larger than ${MAX_BOOK_FILE_BYTES} bytes`, {
      max_bytes: MAX_BOOK_FILE_BYTES,
    })
  const zipped = isZip(file.bytes)
  if ((format === 'epub' || format === 'docx') !== zipped)
    throw new AudiobookError('AUDIOBOOK_FILE_UNREADABLE', `the file is not a .${format} file`)
  let book: { title: string | null; chapters: ImportedBook['chapters'] }
  if (format === 'epub') book = epubBook(file.bytes)
  else if (format === 'docx') book = splitChapters(await docxBlocks(file.bytes))
  else {
    const text = decodeText(file.bytes)
    book = splitChapters(format === 'md' ? markdownBlocks(text) : textBlocks(text))
  }
  if (book.chapters.length === 0)
    throw new AudiobookError('AUDIOBOOK_NO_TEXT', 'the document has no text to read')
  const characters = book.chapters.reduce(
    (sum, c) => sum + c.paragraphs.reduce((n, p) => n + [...p].length, 0),
    0,
  )
  if (characters > MAX_BOOK_CHARACTERS)
    throw new AudiobookError(
      'AUDIOBOOK_TOO_LONG',
      `the book has ${characters} characters, more than ${MAX_BOOK_CHARACTERS}`,
      {
        characters,
        max_characters: MAX_BOOK_CHARACTERS,
      },
    )
  return { format, title: book.title, chapters: book.chapters, characters }
}
