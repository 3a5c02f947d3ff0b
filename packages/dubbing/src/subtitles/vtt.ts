import { DubbingError } from '../errors.ts'
import { parseTimingLine } from './timestamps.ts'
import type { ParseNotice, RawCue } from './types.ts'

/**
 * WebVTT: a `WEBVTT` header, then blocks separated by blank lines; NOTE, STYLE and REGION blocks are
 * skipped; a cue is an optional identifier, a timing line (with optional settings) and its text.
 */
export const readVtt = (text: string, notices: ParseNotice[]): RawCue[] => {
  const lines = text.split('\n')
  const cues: RawCue[] = []
  let i = 1
  // The header block ends at the first blank line.
  while (i < lines.length && lines[i]!.trim() !== '') i++
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++
    if (i >= lines.length) break
    const start = i
    while (i < lines.length && lines[i]!.trim() !== '') i++
    const block = lines.slice(start, i)
    if (/^(NOTE|STYLE|REGION)\b/.test(block[0]!)) continue
    const timingAt = block.findIndex((l) => l.includes('-->'))
    if (timingAt < 0 || timingAt > 1)
      throw new DubbingError('DUBBING_BAD_TIMESTAMP', `a cue without a timing line`, start + 1)
    let body: string[] = []
    const flush = (at: number, bodyLines: string[]): void => {
      const timing = parseTimingLine(block[at]!)
      if (!timing)
        throw new DubbingError(
          'DUBBING_BAD_TIMESTAMP',
          `malformed timing '${block[at]!.trim()}'`,
          start + at + 1,
          cues.length + 1,
        )
      const cueText = bodyLines.join('\n').trim()
      cues.push({ ...timing, text: cueText, line: start + at + 1, cue: cues.length + 1 })
    }
    // Further timing lines in the block are cues whose blank line was missing.
    let at = timingAt
    for (let j = timingAt + 1; j < block.length; j++) {
      if (block[j]!.includes('-->')) {
        notices.push({
          code: 'DUBBING_MISSING_BLANK_LINE',
          line: start + j + 1,
          cue: cues.length + 2,
          message: 'a cue starts without a blank line before it',
        })
        flush(at, body)
        body = []
        at = j
      } else body.push(block[j]!)
    }
    flush(at, body)
  }
  return cues
}
