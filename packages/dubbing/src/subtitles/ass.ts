import { DubbingError } from '../errors.ts'
import { parseClock } from './timestamps.ts'
import { speakerName } from './text.ts'
import type { RawCue } from './types.ts'

/**
 * Advanced SubStation Alpha (import only): the `[Events]` section's `Format:` line names the fields of each
 * `Dialogue:` line; Text is the last field and may hold commas. The speaker is the `Name` (or `Actor`) field.
 */
export const readAss = (text: string): RawCue[] => {
  const lines = text.split('\n')
  const cues: RawCue[] = []
  let inEvents = false
  let fields: string[] | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    const lineNo = i + 1
    if (/^\[.*\]$/.test(line)) {
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
    if (!fields)
      throw new DubbingError('DUBBING_BAD_TIMESTAMP', 'a Dialogue line before the Format line', lineNo)
    const values = line.slice(line.indexOf(':') + 1).split(',')
    const head = values.slice(0, fields.length - 1).map((v) => v.trim())
    const body = values.slice(fields.length - 1).join(',')
    const field = (name: string): string | undefined => {
      const at = fields!.indexOf(name)
      return at < 0 ? undefined : at === fields!.length - 1 ? body : head[at]
    }
    const startMs = parseClock(field('start') ?? '')
    const endMs = parseClock(field('end') ?? '')
    if (startMs === undefined || endMs === undefined)
      throw new DubbingError('DUBBING_BAD_TIMESTAMP', `malformed Start/End in '${line.slice(0, 60)}'`, lineNo)
    const name = (field('name') ?? field('actor') ?? '').trim()
    cues.push({
      startMs,
      endMs,
      text: body.replace(/\\N/g, '\n').trim(),
      line: lineNo,
      ...(name ? { speaker: speakerName(name) } : {}),
    })
  }
  return cues
}
