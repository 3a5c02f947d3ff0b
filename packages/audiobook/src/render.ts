import { rename, rm, writeFile } from 'node:fs/promises'
import { MAX_SYNTHESIS_CHARACTERS, joinParagraphs } from '@loa/contracts'
import { synthesize } from '@loa/tts'
import { DEFAULT_TOOLS, ffmpeg, type FfmpegTools } from './master/ffmpeg.ts'

/**
 * A chapter's paragraphs in pieces of at most one synthesis request's characters (paragraphs are never cut; one
 * longer than a request is cut at sentence ends, else at a space).
 */
export const chapterPieces = (paragraphs: readonly string[], max = MAX_SYNTHESIS_CHARACTERS): string[][] => {
  const pieces: string[][] = []
  let current: string[] = []
  let size = 0
  const flush = () => {
    if (current.length) pieces.push(current)
    current = []
    size = 0
  }
  for (const paragraph of paragraphs.flatMap((p) => cutLong(p, max))) {
    if (size + paragraph.length + 2 > max) flush()
    current.push(paragraph)
    size += paragraph.length + 2
  }
  flush()
  return pieces
}

const cutLong = (text: string, max: number): string[] => {
  const out: string[] = []
  let rest = text
  while (rest.length > max) {
    const window = rest.slice(0, max)
    const end = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '))
    const at = end > max / 2 ? end + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : max
    out.push(rest.slice(0, at).trim())
    rest = rest.slice(at).trim()
  }
  if (rest) out.push(rest)
  return out
}

/**
 * One chapter read by one voice into a WAV at `outPath`, written under a temporary name and renamed when whole,
 * so a render interrupted half-way never leaves a file that looks finished (resuming renders only what is
 * missing). Chapters longer than one synthesis request are read in pieces and joined by ffmpeg's concat demuxer.
 */
export const renderChapterWav = async (o: {
  paragraphs: readonly string[]
  voice: string
  speed?: number
  outPath: string
  tools?: FfmpegTools
  signal?: AbortSignal
}): Promise<{ characters: number; durationMs: number }> => {
  const pieces = chapterPieces(o.paragraphs)
  const partial = `${o.outPath}.partial`
  const pieceFiles: string[] = []
  let characters = 0
  let durationMs = 0
  try {
    for (const [i, piece] of pieces.entries()) {
      if (o.signal?.aborted) throw o.signal.reason
      const result = await synthesize({
        text: joinParagraphs(piece.map((text) => ({ text }))),
        voice: o.voice,
        speed: o.speed ?? 1,
        format: 'wav',
      })
      characters += result.characters
      durationMs += result.durationMs
      const file = pieces.length === 1 ? partial : `${o.outPath}.piece-${i}.wav`
      await writeFile(file, result.audio)
      pieceFiles.push(file)
    }
    if (pieces.length > 1) {
      const list = `${o.outPath}.pieces.txt`
      await writeFile(list, pieceFiles.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n') + '\n')
      await ffmpeg(
        o.tools ?? DEFAULT_TOOLS,
        ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-f', 'wav', partial],
        o.signal,
      )
      await rm(list, { force: true })
    }
    await rename(partial, o.outPath)
    return { characters, durationMs }
  } finally {
    await rm(partial, { force: true })
    if (pieces.length > 1) for (const file of pieceFiles) await rm(file, { force: true })
  }
}
