import { DubbingError } from '../errors.ts'
import { parseClock } from './timestamps.ts'
import { speakerName } from './text.ts'
import { DEFAULT_TYPESETTING, type RawCue, type TypesettingRule } from './types.ts'

/** An event's text read once, left to right: override blocks dropped, drawings (`\p1`…`\p0`) dropped. */
export interface AssText {
  /** What is written (no override tags, no drawing commands; `\N` as a line break, `\h` as a space). */
  text: string
  /** The event placed itself on screen (`\pos`, `\move`). */
  positioned: boolean
  /** The event held a drawing. */
  drawing: boolean
}

/** Linear in the event's length (a typesetting file's drawings run to thousands of characters). */
export const readAssText = (raw: string): AssText => {
  let out = ''
  let drawingMode = false
  let positioned = false
  let drawing = false
  let i = 0
  while (i < raw.length) {
    const ch = raw[i]!
    if (ch === '{') {
      const close = raw.indexOf('}', i + 1)
      if (close < 0) break // an unclosed block: the rest is tags
      const block = raw.slice(i + 1, close)
      if (/\\(pos|move)\s*\(/.test(block)) positioned = true
      for (const m of block.matchAll(/\\p(\d+)/g)) {
        drawingMode = Number(m[1]) > 0
        if (drawingMode) drawing = true
      }
      i = close + 1
      continue
    }
    if (drawingMode) {
      const open = raw.indexOf('{', i)
      i = open < 0 ? raw.length : open
      continue
    }
    if (ch === '\\' && (raw[i + 1] === 'N' || raw[i + 1] === 'n')) {
      out += '\n'
      i += 2
      continue
    }
    if (ch === '\\' && raw[i + 1] === 'h') {
      out += ' '
      i += 2
      continue
    }
    out += ch
    i++
  }
  return {
    text: out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .join('\n'),
    positioned,
    drawing,
  }
}

/** Whether a style name is a typesetting style under `rule` ("Sign", "TS-Title", "OP_Romaji", "song"). */
export const isTypesettingStyle = (style: string, rule: TypesettingRule): boolean => {
  const name = style.trim().toLowerCase()
  return rule.styles.some((s) => {
    const w = s.trim().toLowerCase()
    return w !== '' && (name === w || (name.startsWith(w) && !/\p{L}/u.test(name[w.length]!)))
  })
}

/**
 * Advanced SubStation Alpha (import only): the `[Events]` section's `Format:` line names the fields of each
 * `Dialogue:` line; Text is the last field and may hold commas. The speaker is the `Name` (or `Actor`) field.
 * Typesetting events (a style of `rule`, placed on screen, or a drawing with no words) are kept with a `skip`.
 */
export const readAss = (text: string, rule: TypesettingRule = DEFAULT_TYPESETTING): RawCue[] => {
  const cues: RawCue[] = []
  let inEvents = false
  let fields: string[] | undefined
  let lineNo = 0
  let at = 0
  while (at <= text.length) {
    const nl = text.indexOf('\n', at)
    const end = nl < 0 ? text.length : nl
    const line = text.slice(at, end).trim()
    at = end + 1
    lineNo++
    if (line.startsWith('[') && line.endsWith(']')) {
      inEvents = line.toLowerCase() === '[events]'
      continue
    }
    if (!inEvents) continue
    if (/^format\s*:/i.test(line)) {
      fields = line
        .slice(line.indexOf(':') + 1)
        .split(',')
        .map((f) => f.trim().toLowerCase())
      continue
    }
    if (!/^dialogue\s*:/i.test(line)) continue
    const cueNo = cues.length + 1
    if (!fields)
      throw new DubbingError('DUBBING_BAD_TIMESTAMP', 'a Dialogue line before the Format line', lineNo, cueNo)
    // Split only the leading fields: Text (last) keeps its commas and is never split.
    const head: string[] = []
    let from = line.indexOf(':') + 1
    for (let f = 0; f < fields.length - 1; f++) {
      const comma = line.indexOf(',', from)
      if (comma < 0) break
      head.push(line.slice(from, comma).trim())
      from = comma + 1
    }
    const body = line.slice(from)
    const field = (name: string): string | undefined => {
      const i = fields!.indexOf(name)
      return i < 0 ? undefined : i === fields!.length - 1 ? body : head[i]
    }
    const startMs = parseClock(field('start') ?? '')
    const endMs = parseClock(field('end') ?? '')
    if (startMs === undefined || endMs === undefined)
      throw new DubbingError(
        'DUBBING_BAD_TIMESTAMP',
        `malformed Start/End in '${line.slice(0, 60)}'`,
        lineNo,
        cueNo,
      )
    const name = (field('name') ?? field('actor') ?? '').trim()
    const style = (field('style') ?? '').trim()
    const read = readAssText(body)
    const skip = isTypesettingStyle(style, rule)
      ? `style '${style}' is typesetting`
      : rule.positioned && read.positioned
        ? 'the event is placed on screen (\\pos/\\move): typesetting'
        : read.drawing && read.text === ''
          ? 'a drawing (\\p1), never spoken'
          : undefined
    cues.push({
      startMs,
      endMs,
      text: read.text,
      line: lineNo,
      cue: cueNo,
      ...(name ? { speaker: speakerName(name) } : {}),
      ...(skip
        ? { skip: { code: 'DUBBING_TYPESETTING_SKIPPED' as const, message: `skipped: ${skip}` } }
        : {}),
    })
  }
  return cues
}
