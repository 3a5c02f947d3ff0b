import { DubbingError } from '../errors.ts'
import { parseTimingLine } from './timestamps.ts'
import type { ParseNotice, RawCue } from './types.ts'

/**
 * SubRip: blocks of `index`, `start --> end`, text lines, separated by blank lines. A timing line inside a
 * cue's text starts a new cue (the blank line was missing; the line above it, when a number, is its index).
 */
export const readSrt = (text: string, notices: ParseNotice[]): RawCue[] => {
  const lines = text.split('\n')
  const cues: RawCue[] = []
  let current: (RawCue & { body: string[] }) | undefined
  const close = (): void => {
    if (current) {
      const { body, ...cue } = current
      cues.push({ ...cue, text: body.join('\n').trim() })
    }
    current = undefined
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const lineNo = i + 1
    if (line.includes('-->')) {
      const timing = parseTimingLine(line)
      if (!timing)
        throw new DubbingError(
          'DUBBING_BAD_TIMESTAMP',
          `malformed timing '${line.trim()}'`,
          lineNo,
          cues.length + (current ? 2 : 1),
        )
      if (current) {
        // No blank line before this cue: the previous cue's last line may be this cue's index.
        if (current.body.length > 0 && /^\s*\d+\s*$/.test(current.body.at(-1)!)) current.body.pop()
        notices.push({
          code: 'DUBBING_MISSING_BLANK_LINE',
          line: lineNo,
          cue: cues.length + 2,
          message: 'a cue starts without a blank line before it',
        })
        close()
      }
      current = { ...timing, text: '', line: lineNo, cue: cues.length + 1, body: [] }
      continue
    }
    if (line.trim() === '') {
      close()
      continue
    }
    if (current) current.body.push(line)
    else if (!/^\s*\d+\s*$/.test(line))
      throw new DubbingError(
        'DUBBING_BAD_TIMESTAMP',
        `expected a cue number or timing, found '${line.trim()}'`,
        lineNo,
      )
  }
  close()
  return cues
}
