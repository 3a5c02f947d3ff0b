import { colonCandidate, explicitSpeaker, isCreditLine, speakerName, withoutSpeaker } from './text.ts'
import type { ParseNotice, RawCue, SubtitleFormat } from './types.ts'

/**
 * Names each cue's speaker. Explicit names always count (ASS `Name`, VTT `<v Lan>`, `[Lan]`); a `NAME:` prefix
 * counts only where it looks like a speaker: a short capitalised name seen at the start of more than one cue,
 * or listed by the project — never a credit line ("BIÊN DỊCH: NGUYỄN VĂN A", noticed and read as text).
 */
export const resolveSpeakers = (
  raw: RawCue[],
  format: SubtitleFormat,
  notices: ParseNotice[],
  listed: readonly string[] = [],
): RawCue[] => {
  const known = new Set(listed.map(speakerName))
  const firstLines = raw.map((c) => c.text.split('\n').find((l) => l.trim() !== '') ?? '')
  const candidates = firstLines.map((l) => colonCandidate(l))
  const count = new Map<string, number>()
  for (const name of candidates) if (name) count.set(name, (count.get(name) ?? 0) + 1)
  return raw.map((cue, i) => {
    if (cue.speaker || cue.skip) return cue
    // The name moves from the text into the speaker: the editor shows it once, in the speaker field (issue 35).
    const explicit = format === 'ass' ? undefined : explicitSpeaker(cue.text)
    if (explicit) return { ...cue, speaker: explicit, text: withoutSpeaker(cue.text, explicit) }
    const name = candidates[i]
    if (name && (known.has(name) || (count.get(name) ?? 0) > 1))
      return { ...cue, speaker: name, text: withoutSpeaker(cue.text, name) }
    if (isCreditLine(firstLines[i]!))
      notices.push({
        code: 'DUBBING_CREDIT_LINE',
        line: cue.line,
        cue: cue.cue,
        message: 'a credit line ("ROLE: NAME"): read as text, not as a speaker',
      })
    return cue
  })
}
