import { DubbingError } from '../errors.ts'
import { readAss } from './ass.ts'
import { decodeSubtitleBytes, normalizeSubtitleText } from './decode.ts'
import { readSrt } from './srt.ts'
import { speechText } from './text.ts'
import type { Cue, ParsedSubtitles, ParseNotice, RawCue, SubtitleFormat } from './types.ts'
import { readVtt } from './vtt.ts'

/** Most cues a project takes (a feature film has about 1,500). */
export const MAX_CUES = 5000

export const detectFormat = (text: string): SubtitleFormat => {
  if (/^WEBVTT(?:[ \t].*)?$/m.test(text.split('\n', 1)[0] ?? '')) return 'vtt'
  if (/^\s*\[(Script Info|Events)\]\s*$/im.test(text)) return 'ass'
  if (text.includes('-->')) return 'srt'
  throw new DubbingError('DUBBING_UNKNOWN_FORMAT', 'not SRT, WebVTT or ASS subtitles')
}

/**
 * Reads subtitles (bytes or text): detects the format, reads the cues, skips empty ones, sorts them by start
 * and reports what it tolerated (missing blank lines, reordering, overlaps, empty cues) as notices.
 */
export const parseSubtitles = (input: Uint8Array | string): ParsedSubtitles => {
  const text = typeof input === 'string' ? normalizeSubtitleText(input) : decodeSubtitleBytes(input)
  if (text.trim() === '') throw new DubbingError('DUBBING_NO_CUES', 'the file is empty')
  const format = detectFormat(text)
  const notices: ParseNotice[] = []
  const raw =
    format === 'vtt' ? readVtt(text, notices) : format === 'ass' ? readAss(text) : readSrt(text, notices)
  return { format, ...validate(raw, notices) }
}

const validate = (raw: RawCue[], notices: ParseNotice[]): { cues: Cue[]; notices: ParseNotice[] } => {
  const kept: RawCue[] = []
  for (const cue of raw) {
    if (cue.endMs <= cue.startMs)
      throw new DubbingError('DUBBING_BAD_TIMESTAMP', 'the cue ends before it starts', cue.line)
    if (speechText(cue.text) === '') {
      notices.push({ code: 'DUBBING_EMPTY_CUE_SKIPPED', line: cue.line, message: 'an empty cue was skipped' })
      continue
    }
    kept.push(cue)
  }
  if (kept.length === 0) throw new DubbingError('DUBBING_NO_CUES', 'the file has no cue with text')
  if (kept.length > MAX_CUES)
    throw new DubbingError(
      'DUBBING_TOO_MANY_CUES',
      `${kept.length} cues; at most ${MAX_CUES} per project`,
      kept[MAX_CUES]!.line,
    )
  for (let i = 1; i < kept.length; i++) {
    if (kept[i]!.startMs < kept[i - 1]!.startMs) {
      notices.push({
        code: 'DUBBING_CUES_REORDERED',
        line: kept[i]!.line,
        message: 'cues were out of order and have been sorted by start time',
      })
      break
    }
  }
  const sorted = kept
    .map((c, order) => ({ c, order }))
    .sort((a, b) => a.c.startMs - b.c.startMs || a.order - b.order)
  const cues: Cue[] = sorted.map(({ c }, i) => ({
    index: i + 1,
    startMs: c.startMs,
    endMs: c.endMs,
    text: c.text,
    line: c.line,
    ...(c.speaker ? { speaker: c.speaker } : {}),
  }))
  for (let i = 1; i < cues.length; i++) {
    if (cues[i]!.startMs < cues[i - 1]!.endMs)
      notices.push({
        code: 'DUBBING_CUES_OVERLAP',
        line: cues[i]!.line,
        message: `cue ${cues[i]!.index} starts before cue ${cues[i - 1]!.index} ends`,
      })
  }
  return { cues, notices }
}
