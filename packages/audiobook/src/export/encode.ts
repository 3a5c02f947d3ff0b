import { writeFile } from 'node:fs/promises'
import { DEFAULT_TOOLS, ffmpeg, type FfmpegTools } from '../master/ffmpeg.ts'
import { chapterMetadata, oneLine, type BookMetadata } from './metadata.ts'

/** ACX's MP3: 192 kbit/s constant bit rate, 44.1 kHz (mono, as mastered). */
const MP3_CODEC = ['-c:a', 'libmp3lame', '-b:a', '192k', '-ar', '44100']

const coverInput = (book: BookMetadata): string[] => (book.coverPath ? ['-i', book.coverPath] : [])

/** One chapter's MP3 with ID3v2.3 tags (title, track n/N, album, artist) and the cover as its front picture. */
export const encodeChapterMp3 = async (o: {
  wavPath: string
  outPath: string
  book: BookMetadata
  title: string
  track: number
  tracks: number
  tools?: FfmpegTools
  signal?: AbortSignal
}): Promise<void> => {
  const cover = o.book.coverPath
    ? [
        '-map',
        '1:v:0',
        '-c:v',
        'copy',
        '-disposition:v:0',
        'attached_pic',
        '-metadata:s:v',
        'title=Cover',
        '-metadata:s:v',
        'comment=Cover (front)',
      ]
    : []
  const tags = ['-metadata', `title=${oneLine(o.title)}`, '-metadata', `track=${o.track}/${o.tracks}`]
  tags.push('-metadata', `album=${oneLine(o.book.album)}`, '-metadata', 'genre=Audiobook')
  if (o.book.artist) tags.push('-metadata', `artist=${oneLine(o.book.artist)}`)
  await ffmpeg(
    o.tools ?? DEFAULT_TOOLS,
    [
      '-i',
      o.wavPath,
      ...coverInput(o.book),
      '-map',
      '0:a:0',
      ...cover,
      ...MP3_CODEC,
      '-id3v2_version',
      '3',
      ...tags,
      o.outPath,
    ],
    o.signal,
  )
}

/**
 * The whole book as one M4B (AAC in MP4): the mastered chapters joined in order (concat demuxer, same format, so
 * no re-timing), a chapter mark at each chapter's start from FFMETADATA1, book tags and the cover as cover art.
 */
export const encodeM4b = async (o: {
  chapters: readonly { wavPath: string; title: string; durationMs: number }[]
  outPath: string
  workDir: string
  book: BookMetadata
  tools?: FfmpegTools
  signal?: AbortSignal
}): Promise<void> => {
  const list = `${o.workDir}/m4b-concat.txt`
  const metadata = `${o.workDir}/m4b-chapters.txt`
  await writeFile(list, o.chapters.map((c) => `file '${c.wavPath.replace(/'/g, "'\\''")}'`).join('\n') + '\n')
  await writeFile(metadata, chapterMetadata(o.book, o.chapters))
  const cover = o.book.coverPath ? ['-map', '2:v:0', '-c:v', 'copy', '-disposition:v:0', 'attached_pic'] : []
  await ffmpeg(
    o.tools ?? DEFAULT_TOOLS,
    [
      ...['-f', 'concat', '-safe', '0', '-i', list, '-i', metadata, ...coverInput(o.book)],
      ...['-map', '0:a:0', ...cover, '-map_metadata', '1', '-map_chapters', '1'],
      ...['-c:a', 'aac', '-b:a', '96k', '-ar', '44100', '-movflags', '+faststart', '-f', 'ipod', o.outPath],
    ],
    o.signal,
  )
}
