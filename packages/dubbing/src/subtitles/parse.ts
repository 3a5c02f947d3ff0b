import { DubbingError } from '../errors.ts'
import { readAss } from './ass.ts'
import { decodeSubtitleBytes, normalizeSubtitleText } from './decode.ts'
import { readSrt } from './srt.ts'
import { resolveSpeakers } from './speakers.ts'
import { isSpeakable, speechText } from './text.ts'
import type { Cue, ParsedSubtitles, ParseNotice, ParseOptions, RawCue, SubtitleFormat } from './types.ts'
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
 * Reads subtitles (bytes or text): detects the format, reads the cues, names speakers, skips what is not
 * speech (typesetting, drawings, music or emoji only, empty, zero-length) and merges duplicate layers — each
 * with a notice giving the file line and cue number — then sorts by start and reports reordering and overlaps.
 */
export const parseSubtitles = (input: Uint8Array | string, options: ParseOptions = {}): ParsedSubtitles => {
  const text = typeof input === 'string' ? normalizeSubtitleText(input) : decodeSubtitleBytes(input)
  if (text.trim() === '') throw new DubbingError('DUBBING_NO_CUES', 'the file is empty')
  const format = detectFormat(text)
  const notices: ParseNotice[] = []
  const raw =
    format === 'vtt'
      ? readVtt(text, notices)
      : format === 'ass'
        ? readAss(text, options.typesetting)
        : readSrt(text, notices)
  return { format, ...validate(resolveSpeakers(raw, format, notices, options.speakers), notices) }
}

const skipped = (notices: ParseNotice[], cue: RawCue, code: ParseNotice['code'], message: string): void => {
  notices.push({ code, line: cue.line, cue: cue.cue, message })
}

const validate = (raw: RawCue[], notices: ParseNotice[]): { cues: Cue[]; notices: ParseNotice[] } => {
  const kept: RawCue[] = []
  const seen = new Map<string, RawCue>()
  for (const cue of raw) {
    if (cue.skip) {
      skipped(notices, cue, cue.skip.code, cue.skip.message)
      continue
    }
    if (cue.endMs < cue.startMs)
      throw new DubbingError('DUBBING_BAD_TIMESTAMP', 'the cue ends before it starts', cue.line, cue.cue)
    const speech = speechText(cue.text, cue.speaker)
    if (cue.text.replace(/<[^>\n]*>|\{[^}\n]*\}/g, '').trim() === '') {
      skipped(notices, cue, 'DUBBING_EMPTY_CUE_SKIPPED', 'an empty cue was skipped')
      continue
    }
    if (!isSpeakable(speech)) {
      skipped(
        notices,
        cue,
        'DUBBING_UNSPEAKABLE_CUE_SKIPPED',
        'skipped: no words to speak (music notes, emoji, symbols or a sound tag only)',
      )
      continue
    }
    if (cue.endMs === cue.startMs) {
      skipped(notices, cue, 'DUBBING_ZERO_LENGTH_CUE_SKIPPED', 'skipped: the cue ends when it starts')
      continue
    }
    // The same words at the same time on two layers (ASS outline + fill, doubled SRT cues) are one line.
    const key = `${cue.startMs}:${cue.endMs}:${speech}`
    const first = seen.get(key)
    if (first) {
      skipped(
        notices,
        cue,
        'DUBBING_DUPLICATE_CUE_MERGED',
        `the same text at the same time as cue ${first.cue} (line ${first.line}): merged`,
      )
      continue
    }
    seen.set(key, cue)
    kept.push(cue)
  }
  if (kept.length === 0) throw new DubbingError('DUBBING_NO_CUES', 'the file has no cue with text')
  if (kept.length > MAX_CUES)
    throw new DubbingError(
      'DUBBING_TOO_MANY_CUES',
      `${kept.length} cues; at most ${MAX_CUES} per project`,
      kept[MAX_CUES]!.line,
      kept[MAX_CUES]!.cue,
    )
  for (let i = 1; i < kept.length; i++) {
    if (kept[i]!.startMs < kept[i - 1]!.startMs) {
      skipped(
        notices,
        kept[i]!,
        'DUBBING_CUES_REORDERED',
        'cues were out of order and have been sorted by start time',
      )
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
    cue: c.cue,
    ...(c.speaker ? { speaker: c.speaker } : {}),
  }))
  for (let i = 1; i < cues.length; i++) {
    if (cues[i]!.startMs < cues[i - 1]!.endMs)
      notices.push({
        code: 'DUBBING_CUES_OVERLAP',
        line: cues[i]!.line,
        cue: cues[i]!.cue,
        message: `cue ${cues[i]!.cue} starts before cue ${cues[i - 1]!.cue} ends`,
      })
  }
  notices.sort((a, b) => a.line - b.line)
  return { cues, notices }
}
