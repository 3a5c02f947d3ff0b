import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  importBook,
  isAudiobookError,
  masterAndExport,
  renderChapterWav,
  type ImportedChapter,
} from '@loa/audiobook'
import { closeSharedPool, DEFAULT_VOICE_CODE, findVoice, isTtsError } from '@loa/tts'

export const summary =
  'audiobook from a document: loa audiobook BOOK.epub|.docx|.md|.txt [--list] [-v VOICE] -o DIR (MP3s, M4B, ZIP)'

const usage = `usage: loa audiobook BOOK [options] -o DIR   |   loa audiobook BOOK --list
  BOOK                     a .txt, .md, .epub or .docx file (at most 1,000,000 characters)
  -l, --list               list the chapters found (number, characters, title) and stop
  -o, --output DIR         where the chapter MP3s, audiobook.m4b, audiobook.zip and compliance-report.json go
  -v, --voice VOICE        voice of every chapter (default ${DEFAULT_VOICE_CODE}; see 'loa voices')
      --chapter-voice N=VOICE   voice of chapter N (from 1); repeatable
  -s, --speed SPEED        0.25–1.9 (default 1)
      --skip N[,N...]      chapters not to read
      --album TITLE        the book's title in the tags (default: the document's title, else the file name)
      --artist NAME        author or narrator credit
      --cover FILE         a JPEG or PNG cover for the MP3s and the M4B
  -h, --help               this help

Each chapter is read, mastered to audiobook loudness (RMS -23...-18 dBFS, true peak <= -3 dBFS, noise floor
<= -60 dBFS, room tone at head and tail) and measured on its MP3. Chapters read by an earlier run that failed or
was stopped are kept in DIR/.chapters and not read again. Needs ffmpeg. Exit codes: 0 done, 1 failure, 2 bad
input or usage, 3 exported but a chapter does not meet the standard (see the report).`

class UsageError extends Error {}

interface Parsed {
  book: string
  list: boolean
  output?: string
  voice: string
  chapterVoices: Map<number, string>
  speed: number
  skip: Set<number>
  album?: string
  artist?: string
  cover?: string
}

const parse = (args: string[]): Parsed => {
  const parsed: Omit<Parsed, 'book'> & { book?: string } = {
    list: false,
    voice: DEFAULT_VOICE_CODE,
    chapterVoices: new Map(),
    speed: 1,
    skip: new Set(),
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const value = (): string => {
      const v = args[++i]
      if (v === undefined) throw new UsageError(`${arg} needs a value`)
      return v
    }
    const chapterNumber = (text: string): number => {
      const n = Number(text)
      if (!Number.isInteger(n) || n < 1) throw new UsageError(`${arg}: '${text}' is not a chapter number`)
      return n
    }
    switch (arg) {
      case '-l':
      case '--list':
        parsed.list = true
        break
      case '-o':
      case '--output':
        parsed.output = value()
        break
      case '-v':
      case '--voice':
        parsed.voice = value()
        break
      case '--chapter-voice': {
        const [n, voice] = value().split('=')
        if (!voice) throw new UsageError('--chapter-voice needs N=VOICE')
        parsed.chapterVoices.set(chapterNumber(n!), voice)
        break
      }
      case '-s':
      case '--speed':
        parsed.speed = Number(value())
        if (!Number.isFinite(parsed.speed)) throw new UsageError('--speed needs a number')
        break
      case '--skip':
        for (const n of value().split(',')) parsed.skip.add(chapterNumber(n.trim()))
        break
      case '--album':
        parsed.album = value()
        break
      case '--artist':
        parsed.artist = value()
        break
      case '--cover':
        parsed.cover = value()
        break
      default:
        if (arg.startsWith('-')) throw new UsageError(`unknown option '${arg}'`)
        if (parsed.book) throw new UsageError('give one book')
        parsed.book = arg
    }
  }
  if (!parsed.book) throw new UsageError('no book: give a .txt, .md, .epub or .docx file')
  if (!parsed.list && !parsed.output) throw new UsageError('no output folder: give -o DIR (or --list)')
  return parsed as Parsed
}

const characters = (c: ImportedChapter) => c.paragraphs.reduce((n, p) => n + [...p].length, 0)

/** The rendered chapter's file: named by its text, voice and speed, so an edit reads it again and a rerun does not. */
const renderedName = (index: number, chapter: ImportedChapter, voice: string, speed: number): string => {
  const hash = createHash('sha256')
    .update(JSON.stringify([voice, speed, chapter.paragraphs]))
    .digest('hex')
  return `${String(index + 1).padStart(3, '0')}-${hash.slice(0, 16)}.wav`
}

const make = async (args: string[]): Promise<number> => {
  const o = parse(args)
  let bytes: Uint8Array
  try {
    bytes = await readFile(o.book)
  } catch (error) {
    console.error(`loa audiobook: cannot read '${o.book}': ${(error as NodeJS.ErrnoException).code ?? error}`)
    return 2
  }
  const book = await importBook({ name: path.basename(o.book), bytes })
  if (o.list) {
    book.chapters.forEach((c, i) => console.log(`${i + 1}\t${characters(c)}\t${c.title}`))
    console.error(
      `loa audiobook: ${book.chapters.length} chapters, ${book.characters} characters (${book.format})`,
    )
    return 0
  }
  for (const n of [...o.skip, ...o.chapterVoices.keys()])
    if (n > book.chapters.length)
      throw new UsageError(`the book has ${book.chapters.length} chapters, not ${n}`)
  for (const voice of [o.voice, ...o.chapterVoices.values()])
    if (!findVoice(voice)) throw new UsageError(`unknown voice '${voice}' (see 'loa voices')`)
  const out = path.resolve(o.output!)
  const renderedDir = path.join(out, '.chapters')
  await mkdir(renderedDir, { recursive: true })
  const rendered: { title: string; audioPath: string }[] = []
  for (const [i, chapter] of book.chapters.entries()) {
    if (o.skip.has(i + 1)) continue
    const voice = o.chapterVoices.get(i + 1) ?? o.voice
    const audioPath = path.join(renderedDir, renderedName(i, chapter, voice, o.speed))
    if (existsSync(audioPath))
      console.error(`loa audiobook: chapter ${i + 1} kept (read before): ${chapter.title}`)
    else {
      await renderChapterWav({ paragraphs: chapter.paragraphs, voice, speed: o.speed, outPath: audioPath })
      console.error(`loa audiobook: chapter ${i + 1} read (${voice}): ${chapter.title}`)
    }
    rendered.push({ title: chapter.title, audioPath })
  }
  if (rendered.length === 0) throw new UsageError('every chapter is skipped: nothing to read')
  const album = o.album ?? book.title ?? path.basename(o.book).replace(/\.[^.]+$/, '')
  const result = await masterAndExport({
    chapters: rendered,
    book: {
      album,
      ...(o.artist ? { artist: o.artist } : {}),
      ...(o.cover ? { coverPath: path.resolve(o.cover) } : {}),
    },
    outDir: out,
    onChapter: (done, total) => console.error(`loa audiobook: mastered ${done}/${total}`),
  })
  for (const c of result.chapters) {
    const f = c.report.figures
    console.log(
      `${c.report.pass ? 'PASS' : 'FAIL'}\t${c.fileName}\tRMS ${f.rmsDb} dBFS\tpeak ${f.truePeakDb} dBTP\t` +
        `floor ${f.noiseFloorDb ?? '-inf'} dBFS\t${f.integratedLufs} LUFS`,
    )
  }
  console.error(`loa audiobook: wrote ${result.m4bPath}, ${result.zipPath} and ${result.reportPath}`)
  return result.chapters.every((c) => c.report.pass) ? 0 : 3
}

const BAD_INPUT = new Set([
  'AUDIOBOOK_UNSUPPORTED_FORMAT',
  'AUDIOBOOK_FILE_UNREADABLE',
  'AUDIOBOOK_TOO_LONG',
  'AUDIOBOOK_NO_TEXT',
])

export const run = async (args: string[]): Promise<number> => {
  if (args.includes('-h') || args.includes('--help')) {
    console.log(usage)
    return 0
  }
  try {
    return await make(args)
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`loa audiobook: ${error.message}\n${usage}`)
      return 2
    }
    if (isAudiobookError(error) || isTtsError(error)) {
      console.error(`loa audiobook: ${error.message} (${error.code})`)
      return BAD_INPUT.has(error.code) ? 2 : 1
    }
    throw error
  } finally {
    await closeSharedPool()
  }
}
