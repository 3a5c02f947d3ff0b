import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { DEFAULT_TOOLS, durationMsOf, type FfmpegTools } from '../master/ffmpeg.ts'
import { masterChapter } from '../master/master.ts'
import { measureAudio } from '../master/measure.ts'
import { complianceOf, ROOM_TONE, type ComplianceReport } from '../master/standard.ts'
import { encodeChapterMp3, encodeM4b } from './encode.ts'
import { chapterFileStem, type BookMetadata } from './metadata.ts'
import { writeZip } from './zip.ts'

export { chapterFileStem, chapterMetadata, type BookMetadata } from './metadata.ts'
export { encodeChapterMp3, encodeM4b } from './encode.ts'
export { writeZip } from './zip.ts'

export interface ExportedChapter {
  title: string
  /** The MP3's name inside the ZIP and for downloads ("01-chuong-1.mp3"). */
  fileName: string
  mp3Path: string
  durationMs: number
  /** Measured by ffmpeg on the exported MP3 itself. */
  report: ComplianceReport
}

export interface ExportedBook {
  chapters: ExportedChapter[]
  m4bPath: string
  zipPath: string
  /** The compliance report as the JSON file that also goes into the ZIP. */
  reportPath: string
}

/** The names of the book-wide files in `outDir`. */
export const BOOK_FILES = {
  m4b: 'audiobook.m4b',
  zip: 'audiobook.zip',
  report: 'compliance-report.json',
} as const

/**
 * Mastering and export in one step: each rendered chapter mastered (two-pass loudness, room tone), encoded to its
 * MP3 and measured there for its compliance report; then the M4B with a chapter mark per chapter, and a ZIP of
 * the MP3s, the M4B and the report. `onChapter` reports progress after each chapter.
 */
export const masterAndExport = async (o: {
  chapters: readonly { title: string; audioPath: string }[]
  book: BookMetadata
  /** Where the files are written (the caller's temporary folder). */
  outDir: string
  tools?: FfmpegTools
  signal?: AbortSignal
  onChapter?: (done: number, total: number) => void
}): Promise<ExportedBook> => {
  const tools = o.tools ?? DEFAULT_TOOLS
  const count = o.chapters.length
  const mastered: { wavPath: string; title: string; durationMs: number }[] = []
  const chapters: ExportedChapter[] = []
  for (const [i, chapter] of o.chapters.entries()) {
    const stem = chapterFileStem(i, chapter.title, count)
    const wavPath = path.join(o.outDir, `${stem}.master.wav`)
    await masterChapter({ input: chapter.audioPath, output: wavPath, tools, signal: o.signal })
    const mp3Path = path.join(o.outDir, `${stem}.mp3`)
    await encodeChapterMp3({
      wavPath,
      outPath: mp3Path,
      book: o.book,
      title: chapter.title,
      track: i + 1,
      tracks: count,
      tools,
      signal: o.signal,
    })
    const figures = await measureAudio(mp3Path, tools)
    mastered.push({ wavPath, title: chapter.title, durationMs: await durationMsOf(wavPath, tools) })
    chapters.push({
      title: chapter.title,
      fileName: `${stem}.mp3`,
      mp3Path,
      durationMs: figures.durationMs,
      report: complianceOf(figures, ROOM_TONE),
    })
    o.onChapter?.(i + 1, count)
  }
  const m4bPath = path.join(o.outDir, BOOK_FILES.m4b)
  await encodeM4b({
    chapters: mastered,
    outPath: m4bPath,
    workDir: o.outDir,
    book: o.book,
    tools,
    signal: o.signal,
  })
  const reportPath = path.join(o.outDir, BOOK_FILES.report)
  await writeFile(reportPath, `${JSON.stringify(reportJson(o.book, chapters), null, 2)}\n`)
  const zipPath = path.join(o.outDir, BOOK_FILES.zip)
  await writeZip(zipPath, [
    ...chapters.map((c) => ({ name: c.fileName, path: c.mp3Path })),
    { name: BOOK_FILES.m4b, path: m4bPath },
    { name: BOOK_FILES.report, path: reportPath },
  ])
  return { chapters, m4bPath, zipPath, reportPath }
}

/** The report a person reads (and the API serves): per chapter, each check with its figure, limit and verdict. */
export const reportJson = (book: BookMetadata, chapters: readonly ExportedChapter[]) => ({
  album: book.album,
  standard: 'ACX / EBU R128 audiobook: RMS -23…-18 dBFS, true peak ≤ -3 dBFS, noise floor ≤ -60 dBFS',
  pass: chapters.every((c) => c.report.pass),
  chapters: chapters.map((c, i) => ({
    track: i + 1,
    title: c.title,
    file: c.fileName,
    duration_ms: c.durationMs,
    integrated_lufs: c.report.figures.integratedLufs,
    pass: c.report.pass,
    checks: c.report.checks,
  })),
})
