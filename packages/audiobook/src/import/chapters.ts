import type { Block, ImportedChapter } from './types.ts'

/** How long a title made from a chapter's first words may be. */
const TITLE_FROM_TEXT_LENGTH = 60

/** A title for a chapter without a heading: its first words, cut at a word. */
export const titleFromText = (text: string): string => {
  if (text.length <= TITLE_FROM_TEXT_LENGTH) return text
  const cut = text.slice(0, TITLE_FROM_TEXT_LENGTH)
  const space = cut.lastIndexOf(' ')
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?—–-]+$/, '')}…`
}

/**
 * The heading level that starts chapters: the highest level used at least twice (a book's lone `# Title` above
 * its `## Chapter` headings is the title, not a chapter); a document with only single headings splits at its
 * highest level; none → null (the whole text is one chapter).
 */
export const chapterLevel = (blocks: readonly Block[]): number | null => {
  const counts = new Map<number, number>()
  for (const b of blocks) if (b.kind === 'heading') counts.set(b.level, (counts.get(b.level) ?? 0) + 1)
  const levels = [...counts.keys()].sort((a, b) => a - b)
  if (levels.length === 0) return null
  return levels.find((level) => (counts.get(level) ?? 0) >= 2) ?? levels[0]!
}

export interface SplitBook {
  title: string | null
  chapters: ImportedChapter[]
}

/**
 * Chapters from a document's blocks. Each heading at the chapter level (or above) starts one, titled by it;
 * headings stay in the text that is read (a listener hears "Chương 1"), deeper ones as paragraphs of their own.
 * A heading that follows another with no text between them (a part title right before its first chapter) joins
 * that chapter ("Phần một · Chương 1"). A level-0 heading (Word's Title style) or a lone heading above the
 * chapter level before any text is the book's title, not read. Text before the first heading is a chapter of its
 * own, titled by its first words.
 */
export const splitChapters = (blocks: readonly Block[]): SplitBook => {
  const level = chapterLevel(blocks.filter((b) => b.kind === 'paragraph' || b.level > 0))
  const chapters: ImportedChapter[] = []
  let bookTitle: string | null = null
  let current: { titles: string[]; paragraphs: string[]; body: boolean } | null = null
  const close = () => {
    if (current?.body) chapters.push({ title: current.titles.join(' · '), paragraphs: current.paragraphs })
    current = null
  }
  for (const block of blocks) {
    if (
      block.kind === 'heading' &&
      (block.level === 0 || (level !== null && block.level < level && !current && chapters.length === 0))
    ) {
      if (bookTitle === null) {
        bookTitle = block.text
        continue
      }
    }
    if (block.kind === 'heading' && level !== null && block.level <= level) {
      if (current?.body) close()
      current ??= { titles: [], paragraphs: [], body: false }
      current.titles.push(block.text)
      current.paragraphs.push(block.text)
      continue
    }
    current ??= { titles: [], paragraphs: [], body: false }
    current.paragraphs.push(block.text)
    current.body = true
  }
  close()
  for (const chapter of chapters) if (!chapter.title) chapter.title = titleFromText(chapter.paragraphs[0]!)
  return { title: bookTitle, chapters }
}
