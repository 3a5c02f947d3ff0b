/**
 * bench:dubbing's typesetting case: a fansub ASS file of about 1 MB — vector drawings, sign and karaoke
 * styles, positioned titles, doubled layers — around 80 lines of dialogue. Prints the parse time against the
 * same dialogue without the typesetting (the baseline), the dub's wall time and the peak RSS while dubbing.
 */
import type { SynthesisPool } from '@loa/tts'
import { dubSubtitles, parseSubtitles, speechText } from '../src/index.ts'

const clock = (ms: number): string => {
  const cs = Math.round(ms / 10)
  const h = Math.floor(cs / 360_000)
  const m = Math.floor(cs / 6000) % 60
  const s = Math.floor(cs / 100) % 60
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`
}

const HEAD = `[Script Info]
ScriptType: v4.00+
PlayResX: 1920
PlayResY: 1080

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, Alignment
Style: Default,Arial,60,&H00FFFFFF,2
Style: Sign,Arial,48,&H00FFFFFF,8
Style: OP_Kara,Arial,40,&H00FFFFFF,8

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
`
const SAYINGS = [
  'Anh đi đâu thế?',
  'Đi chợ, em ạ. Mua ít rau.',
  'Hôm nay trời đẹp quá nhỉ.',
  'Mình đi dạo một chút nhé?',
  'Em có mang ô không?',
  'Có chứ, trời sắp mưa rồi.',
]

/** A drawing of `points` points (a typesetter's traced sign). */
const drawing = (points: number): string => {
  const parts = ['m 0 0']
  for (let i = 0; i < points; i++) parts.push(`l ${(i * 37) % 1900} ${(i * 53) % 1000}`)
  return parts.join(' ')
}

const build = (withTypesetting: boolean): string => {
  const lines: string[] = []
  const dialogues = 80
  for (let i = 0; i < dialogues; i++) {
    const start = i * 4000 + 500
    const end = start + 2600
    const name = i % 2 ? 'Minh' : 'Lan'
    const text = SAYINGS[i % SAYINGS.length]!
    lines.push(`Dialogue: 0,${clock(start)},${clock(end)},Default,${name},0,0,0,,{\\i1}${text}{\\i0}`)
    if (!withTypesetting) continue
    lines.push(`Dialogue: 1,${clock(start)},${clock(end)},Default,${name},0,0,0,,{\\bord4}${text}`)
    lines.push(
      `Dialogue: 5,${clock(start)},${clock(end + 1000)},Sign,,0,0,0,,{\\an7\\pos(100,200)\\p1}${drawing(1200)}{\\p0}`,
    )
    lines.push(`Dialogue: 2,${clock(start)},${clock(end)},Sign,,0,0,0,,{\\fad(200,200)}CHỢ BẾN THÀNH ${i}`)
    lines.push(
      `Dialogue: 0,${clock(start)},${clock(end)},OP_Kara,,0,0,0,,${'{\\k20}la'.repeat(30)}`,
      `Dialogue: 3,${clock(start)},${clock(end)},Default,,0,0,0,,{\\move(0,0,500,500)}Tập ${i}: Khởi đầu`,
    )
  }
  return `${HEAD}${lines.join('\n')}\n`
}

export const runAssCase = async (pool: SynthesisPool, voices: Record<string, { voice: string }>) => {
  const full = build(true)
  const plain = build(false)
  const bytes = new TextEncoder().encode(full)
  const time = (fn: () => unknown, runs = 5): number => {
    const all: number[] = []
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      fn()
      all.push(performance.now() - t0)
    }
    return all.sort((a, b) => a - b)[Math.floor(runs / 2)]!
  }
  const parseMs = time(() => parseSubtitles(bytes))
  const baseMs = time(() => parseSubtitles(plain))
  const parsed = parseSubtitles(bytes)
  const skipped = parsed.notices.filter((n) => n.code !== 'DUBBING_CUES_OVERLAP').length
  console.log(
    `\nASS with typesetting: ${(bytes.length / 2 ** 20).toFixed(2)} MiB, ${parsed.cues.length} dialogue lines kept, ` +
      `${skipped} events skipped or merged`,
  )
  console.log(
    `parse: ${parseMs.toFixed(1)} ms (median of 5; the dialogue alone, ${(plain.length / 1024).toFixed(0)} KiB: ` +
      `${baseMs.toFixed(1)} ms, ${(parseMs / baseMs).toFixed(1)}×)`,
  )
  let peak = process.memoryUsage().rss
  const before = peak
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const t0 = performance.now()
  const result = await dubSubtitles(parsed.cues, {
    voice: 'vi-north-female-mai',
    speakers: voices,
    cache: false,
    pool,
  })
  clearInterval(sample)
  peak = Math.max(peak, process.memoryUsage().rss)
  const chars = parsed.cues.reduce((n, c) => n + speechText(c.text, c.speaker).length, 0)
  console.log(
    `dub of its dialogue: ${((performance.now() - t0) / 1000).toFixed(1)} s, ${chars} characters, ` +
      `${result.report.summary.unresolved} unresolved; peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB ` +
      `(${(before / 2 ** 20).toFixed(0)} MiB before; target < 300 MiB)`,
  )
}
