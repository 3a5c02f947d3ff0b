import { unzipSync, type Unzipped } from 'fflate'
import { AudiobookError } from '../errors.ts'
import { htmlBlocks, tidy } from './html-blocks.ts'
import { splitChapters, titleFromText } from './chapters.ts'
import type { Block, ImportedChapter } from './types.ts'
import { xmlElements } from './xml.ts'

/** The most an EPUB may unpack to (a guard against ZIP bombs; a 1,000,000-character book is far smaller). */
export const MAX_EPUB_UNPACKED_BYTES = 64 * 1024 * 1024

const unreadable = (why: string) =>
  new AudiobookError('AUDIOBOOK_FILE_UNREADABLE', `the EPUB cannot be read: ${why}`)

/** The archive's text entries (XML, XHTML, NCX), refusing archives that unpack past the limit. */
export const unzipText = (bytes: Uint8Array, limit = MAX_EPUB_UNPACKED_BYTES): Unzipped => {
  let total = 0
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        if (!/\.(xml|opf|x?html?|ncx)$/i.test(file.name)) return false
        total += file.originalSize
        if (total > limit) throw unreadable(`it unpacks to more than ${limit} bytes`)
        return true
      },
    })
  } catch (error) {
    if (error instanceof AudiobookError) throw error
    throw unreadable('not a ZIP archive')
  }
}

const elements = (xml: string, tag: string): Record<string, string>[] =>
  xmlElements(xml)
    .filter((e) => e.tag === tag)
    .map((e) => e.attributes)

/** A path inside the archive, relative to a folder (hrefs are URL-encoded and may hold `..` and a #fragment). */
const resolve = (folder: string, href: string): string => {
  const parts = `${folder}${decodeURIComponent(href.replace(/#.*$/, ''))}`.split('/')
  const out: string[] = []
  for (const part of parts) {
    if (part === '..') out.pop()
    else if (part !== '.' && part !== '') out.push(part)
  }
  return out.join('/')
}

const folderOf = (path: string): string =>
  path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : ''

const textOf = (files: Unzipped, path: string): string | undefined => {
  const bytes = files[path]
  return bytes ? new TextDecoder('utf-8').decode(bytes) : undefined
}

/** Chapter titles from the table of contents (EPUB 3 nav document or EPUB 2 NCX), by document path. */
const tocTitles = (
  files: Unzipped,
  navPath: string | undefined,
  ncxPath: string | undefined,
): Map<string, string> => {
  const titles = new Map<string, string>()
  const add = (folder: string, href: string | undefined, label: string) => {
    const title = tidy(label)
    if (!href || !title) return
    const path = resolve(folder, href)
    if (!titles.has(path)) titles.set(path, title)
  }
  const nav = navPath ? textOf(files, navPath) : undefined
  if (nav)
    for (const a of xmlElements(nav)) if (a.tag === 'a') add(folderOf(navPath!), a.attributes.href, a.text)
  const ncx = ncxPath ? textOf(files, ncxPath) : undefined
  if (ncx && titles.size === 0) {
    // An NCX navPoint holds navLabel/text, then content/@src: pair each label with the next src.
    let label = ''
    for (const e of xmlElements(ncx)) {
      if (e.tag === 'text') label = e.text
      else if (e.tag === 'content') add(folderOf(ncxPath!), e.attributes.src, label)
    }
  }
  return titles
}

/**
 * An EPUB (2 or 3) read through its package document: the spine gives the reading order, one chapter per spine
 * document that has text (cover and title pages of images only are skipped, as is the table of contents); its
 * title is the table of contents' label for it, else its first heading (read as its first paragraph), else its
 * first words. A book held in one spine document is split by its headings instead. Parsed with fflate (unzip) and
 * htmlparser2 (XHTML).
 */
export const epubBook = (bytes: Uint8Array): { title: string | null; chapters: ImportedChapter[] } => {
  const files = unzipText(bytes)
  const container = textOf(files, 'META-INF/container.xml')
  if (!container) throw unreadable('META-INF/container.xml is missing')
  const opfPath = elements(container, 'rootfile')[0]?.['full-path']
  const opf = opfPath ? textOf(files, opfPath) : undefined
  if (!opfPath || !opf) throw unreadable('the package document is missing')
  const base = folderOf(opfPath)
  const manifest = new Map(elements(opf, 'item').map((item) => [item.id ?? '', item]))
  const navItem = [...manifest.values()].find((i) => (i.properties ?? '').split(/\s+/).includes('nav'))
  const ncxItem = [...manifest.values()].find((i) => i['media-type'] === 'application/x-dtbncx+xml')
  const titles = tocTitles(
    files,
    navItem?.href ? resolve(base, navItem.href) : undefined,
    ncxItem?.href ? resolve(base, ncxItem.href) : undefined,
  )
  const bookTitle = xmlElements(opf).find((e) => e.tag === 'title')?.text
  const documents: { path: string; blocks: Block[] }[] = []
  for (const ref of elements(opf, 'itemref')) {
    if (ref.linear === 'no') continue
    const item = manifest.get(ref.idref ?? '')
    if (!item?.href || item === navItem) continue
    const path = resolve(base, item.href)
    const html = textOf(files, path)
    if (html === undefined) continue
    const blocks = htmlBlocks(html, { xml: /xhtml|xml/.test(item['media-type'] ?? '') })
    if (blocks.some((b) => b.kind === 'paragraph')) documents.push({ path, blocks })
  }
  const title = bookTitle ? tidy(bookTitle) || null : null
  if (documents.length === 1) {
    const split = splitChapters(documents[0]!.blocks)
    return { title: title ?? split.title, chapters: split.chapters }
  }
  const chapters = documents.map(({ path, blocks }) => {
    const first = blocks[0]!
    const paragraphs = blocks.map((b) => b.text)
    const chapterTitle =
      titles.get(path) ?? (first.kind === 'heading' ? first.text : titleFromText(paragraphs[0]!))
    return { title: chapterTitle, paragraphs }
  })
  return { title, chapters: chapters.filter((c) => c.paragraphs.length > 0) }
}
