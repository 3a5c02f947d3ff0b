/** What the exported files say about the book (ID3 tags, MP4 atoms, the chapter marks). */
export interface BookMetadata {
  album: string
  /** Author or narrator credit (ID3 artist / MP4 ©ART); optional. */
  artist?: string
  /** A JPEG or PNG cover, embedded as the MP3s' front cover and the M4B's cover art. */
  coverPath?: string
}

/** FFMETADATA1 escaping: `=`, `;`, `#`, `\` and line breaks take a backslash. */
export const escapeFfmetadata = (value: string): string => value.replace(/[=;#\\\n]/g, (c) => `\\${c}`)

/** An ffmpeg `-metadata` value without line breaks (titles come from user text). */
export const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim()

/** A file name for a chapter: "03-chuong-3-binh-minh" (ASCII, so every unzip and player shows it). */
export const chapterFileStem = (index: number, title: string, count: number): string => {
  const width = Math.max(2, String(count).length)
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '')
  return `${String(index + 1).padStart(width, '0')}${slug ? `-${slug}` : ''}`
}

/** The M4B's chapter marks as an FFMETADATA1 file (times in milliseconds from the start of the book). */
export const chapterMetadata = (
  book: BookMetadata,
  chapters: readonly { title: string; durationMs: number }[],
): string => {
  const lines = [
    ';FFMETADATA1',
    `title=${escapeFfmetadata(oneLine(book.album))}`,
    `album=${escapeFfmetadata(oneLine(book.album))}`,
  ]
  if (book.artist) lines.push(`artist=${escapeFfmetadata(oneLine(book.artist))}`)
  lines.push('genre=Audiobook')
  let start = 0
  for (const chapter of chapters) {
    lines.push('[CHAPTER]', 'TIMEBASE=1/1000', `START=${start}`, `END=${start + chapter.durationMs}`)
    lines.push(`title=${escapeFfmetadata(oneLine(chapter.title))}`)
    start += chapter.durationMs
  }
  return `${lines.join('\n')}\n`
}
