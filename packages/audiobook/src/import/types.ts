/** A heading or a paragraph of a document, in reading order: what every format is first turned into. */
export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string }

export interface ImportedChapter {
  /** The chapter's name (ID3 title, M4B chapter mark); its heading is also its first paragraph. */
  title: string
  paragraphs: string[]
}

export type BookFormat = 'txt' | 'md' | 'epub' | 'docx'

export interface ImportedBook {
  format: BookFormat
  /** The book's title when the document names one (EPUB metadata, a lone top heading), else null. */
  title: string | null
  chapters: ImportedChapter[]
  /** Characters of all paragraphs, what is read aloud (the import limit counts these; titles are not read). */
  characters: number
}

/** The most text one audiobook may import. */
export const MAX_BOOK_CHARACTERS = 1_000_000
