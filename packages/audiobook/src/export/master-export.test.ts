import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIOBOOK_STANDARD } from '../master/standard.ts'
import { BOOK_FILES, masterAndExport, type ExportedBook } from './index.ts'

const hasFfmpeg =
  spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0
if (!hasFfmpeg)
  console.warn(
    '\n!!! SKIPPED: audiobook mastering/export — ffmpeg is not installed (apt-get install ffmpeg) !!!\n',
  )

const ff = (args: string[]): string =>
  execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-y', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString()
const ffLog = (args: string[]): string =>
  spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', ...args], { encoding: 'utf8' }).stderr
const probe = (file: string, entries: string[]) =>
  JSON.parse(execFileSync('ffprobe', ['-v', 'error', ...entries, '-of', 'json', file]).toString()) as {
    format?: { duration?: string; tags?: Record<string, string> }
    streams?: { codec_type: string; disposition?: { attached_pic?: number } }[]
    chapters?: { start_time: string; end_time: string; tags?: { title?: string } }[]
  }

/**
 * Speech-like test audio made by ffmpeg: band-limited pink noise in syllable-rate bursts with pauses, at a chosen
 * level (a whisper-quiet chapter, a hot one near clipping), so mastering has real work in both directions.
 */
const speechLike = (file: string, seconds: number, gain: number, seed: number) =>
  ff([
    ...['-v', 'error', '-f', 'lavfi', '-i'],
    `anoisesrc=c=pink:d=${seconds}:r=22050:a=0.5:seed=${seed},lowpass=f=3500,highpass=f=120,` +
      `volume='${gain}*(0.6+0.4*sin(2*PI*3*t))*lt(mod(t,2.3),1.7)':eval=frame`,
    ...['-ac', '1', file],
  ])

describe.skipIf(!hasFfmpeg)('masterAndExport (Debian ffmpeg)', { timeout: 240_000 }, () => {
  let dir: string
  let book: ExportedBook
  const titles = ['Chương 1: Mở đầu', 'Chương 2: Cơn bão', 'Chương 3: Bình minh']

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'loa-audiobook-'))
    const inputs = [
      { seconds: 7, gain: 0.01 },
      { seconds: 5, gain: 1.8 },
      { seconds: 6, gain: 0.2 },
    ].map((c, i) => {
      const file = path.join(dir, `raw-${i}.wav`)
      speechLike(file, c.seconds, c.gain, i + 1)
      return file
    })
    ff([
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x2a6f97:s=64x64',
      '-frames:v',
      '1',
      path.join(dir, 'cover.jpg'),
    ])
    book = await masterAndExport({
      chapters: inputs.map((audioPath, i) => ({ title: titles[i]!, audioPath })),
      book: { album: 'Ba chương', artist: 'Loa', coverPath: path.join(dir, 'cover.jpg') },
      outDir: dir,
    })
  }, 600_000)

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('every chapter meets the audiobook standard, measured on its MP3', () => {
    for (const chapter of book.chapters) {
      const { rmsDb, truePeakDb, noiseFloorDb } = chapter.report.figures
      expect(chapter.report.pass, JSON.stringify(chapter.report)).toBe(true)
      expect(rmsDb!).toBeGreaterThanOrEqual(AUDIOBOOK_STANDARD.rmsMinDb)
      expect(rmsDb!).toBeLessThanOrEqual(AUDIOBOOK_STANDARD.rmsMaxDb)
      expect(truePeakDb!).toBeLessThanOrEqual(AUDIOBOOK_STANDARD.truePeakMaxDb)
      expect(noiseFloorDb!).toBeLessThanOrEqual(AUDIOBOOK_STANDARD.noiseFloorMaxDb)
    }
  })

  it("the report's figures match ffmpeg's own measurement of the exported files (loudnorm, volumedetect)", () => {
    for (const chapter of book.chapters) {
      const loudnorm = ffLog(['-i', chapter.mp3Path, '-af', 'loudnorm=print_format=json', '-f', 'null', '-'])
      const measured = JSON.parse(/\{[^{}]*"input_i"[^{}]*\}/.exec(loudnorm)![0]) as {
        input_i: string
        input_tp: string
      }
      expect(Math.abs(Number(measured.input_i) - chapter.report.figures.integratedLufs!)).toBeLessThanOrEqual(
        0.5,
      )
      expect(Math.abs(Number(measured.input_tp) - chapter.report.figures.truePeakDb!)).toBeLessThanOrEqual(
        0.5,
      )
      const volume = ffLog(['-i', chapter.mp3Path, '-af', 'volumedetect', '-f', 'null', '-'])
      const meanVolume = Number(/mean_volume:\s*(-?[\d.]+) dB/.exec(volume)![1])
      expect(Math.abs(meanVolume - chapter.report.figures.rmsDb!)).toBeLessThanOrEqual(0.3)
    }
  })

  it('room tone: a quiet, not silent, second before the first word and three after the last', () => {
    const mp3 = book.chapters[1]!.mp3Path
    const rmsOf = (range: string[]) =>
      Number(
        /RMS level dB:\s*(-?[\d.]+|-inf)/.exec(
          ffLog([...range, '-i', mp3, '-af', 'astats=measure_perchannel=none', '-f', 'null', '-']),
        )![1],
      )
    const duration = book.chapters[1]!.durationMs / 1000
    for (const rms of [rmsOf(['-t', '0.9']), rmsOf(['-ss', String(duration - 2.8)])]) {
      expect(rms).toBeLessThanOrEqual(-60)
      expect(rms).toBeGreaterThan(-110)
    }
  })

  it('each MP3 carries ID3 title, track n/N, album, artist and the cover', () => {
    book.chapters.forEach((chapter, i) => {
      const info = probe(chapter.mp3Path, [
        '-show_entries',
        'format_tags:stream=codec_type:stream_disposition=attached_pic',
      ])
      expect(info.format?.tags).toMatchObject({
        title: titles[i],
        track: `${i + 1}/3`,
        album: 'Ba chương',
        artist: 'Loa',
      })
      expect(info.streams?.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic === 1)).toBe(
        true,
      )
    })
    expect(book.chapters.map((c) => c.fileName)).toEqual([
      '01-chuong-1-mo-dau.mp3',
      '02-chuong-2-con-bao.mp3',
      '03-chuong-3-binh-minh.mp3',
    ])
  })

  it('the M4B has one chapter mark per chapter at its start, the book tags and the cover', () => {
    const info = probe(book.m4bPath, [
      '-show_chapters',
      '-show_entries',
      'format=duration:format_tags:stream=codec_type',
    ])
    expect(info.chapters?.map((c) => c.tags?.title)).toEqual(titles)
    let start = 0
    for (const chapter of info.chapters ?? []) {
      expect(Math.abs(Number(chapter.start_time) - start)).toBeLessThan(0.05)
      start = Number(chapter.end_time)
    }
    expect(Math.abs(Number(info.format?.duration) - start)).toBeLessThan(0.2)
    expect(info.format?.tags).toMatchObject({ album: 'Ba chương', artist: 'Loa', title: 'Ba chương' })
    expect(info.streams?.some((s) => s.codec_type === 'video')).toBe(true)
  })

  it('the ZIP holds the MP3s, the M4B and the report, byte for byte', () => {
    const files = unzipSync(readFileSync(book.zipPath))
    expect(Object.keys(files)).toEqual([
      ...book.chapters.map((c) => c.fileName),
      BOOK_FILES.m4b,
      BOOK_FILES.report,
    ])
    expect(
      Buffer.from(files[book.chapters[0]!.fileName]!).equals(readFileSync(book.chapters[0]!.mp3Path)),
    ).toBe(true)
    const report = JSON.parse(Buffer.from(files[BOOK_FILES.report]!).toString('utf8')) as {
      pass: boolean
      chapters: unknown[]
    }
    expect(report.pass).toBe(true)
    expect(report.chapters).toHaveLength(3)
  })
})
