/**
 * bench:dubbing — prints, asserts nothing. A 10-minute, 150-line Vietnamese SRT at natural pacing (12–16
 * characters per second): the render's wall time, its ratio to the sum of the lines' bare synthesis times
 * (each line synthesized once, alone, no cache), the share of lines fitted without a flag, and peak memory.
 */
import { getSharedPool, closeSharedPool, synthesize, ENGINE_SAMPLE_RATE } from '@loa/tts'
import { dubSubtitles, parseSubtitles, speechText, writeSrt } from '../src/index.ts'
import { runAssCase } from './ass-case.ts'

const WORDS = (
  'hôm nay chúng ta sẽ cùng nhau tìm hiểu về lịch sử văn hóa của Việt Nam qua những câu chuyện ' +
  'thú vị được kể lại từ nhiều thế hệ người dân sống dọc theo dòng sông Hồng và đồng bằng sông Cửu Long ' +
  'mỗi vùng đất đều có món ăn riêng phong tục riêng và những lễ hội mang đậm bản sắc dân tộc'
).split(' ')

let seed = 42
const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31

/** A sentence of about `chars` characters. */
const sentence = (chars: number): string => {
  const words: string[] = []
  while (words.join(' ').length < chars) words.push(WORDS[Math.floor(random() * WORDS.length)]!)
  const s = words.join(' ')
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`
}

const LINES = 150
const TOTAL_MS = 10 * 60_000
const cycle = TOTAL_MS / LINES
const cues = Array.from({ length: LINES }, (_, i) => {
  const startMs = Math.round(i * cycle + 200)
  const endMs = Math.round(startMs + cycle * (0.7 + random() * 0.2))
  const cps = 12 + random() * 4
  return {
    startMs,
    endMs,
    text: `${i % 2 ? 'MINH' : 'LAN'}: ${sentence(Math.round(((endMs - startMs) / 1000) * cps))}`,
  }
})
const parsed = parseSubtitles(writeSrt(cues))
const voices = { Lan: { voice: 'vi-north-female-lan' }, Minh: { voice: 'vi-south-male-kien' } }

let peak = 0
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
sample.unref()

const pool = getSharedPool()
await pool.warmup()
const chars = parsed.cues.reduce((n, c) => n + speechText(c.text, c.speaker).length, 0)
console.log(
  `bench:dubbing — ${parsed.cues.length} lines, ${chars} characters, ${(TOTAL_MS / 60_000).toFixed(0)} min, pool ${pool.size} threads`,
)

let bare = 0
for (const cue of parsed.cues) {
  const started = performance.now()
  await synthesize({
    text: speechText(cue.text, cue.speaker),
    voice: cue.speaker === 'Minh' ? voices.Minh.voice : voices.Lan.voice,
    format: 'wav',
    sampleRate: ENGINE_SAMPLE_RATE,
    cache: false,
    pool,
  })
  bare += performance.now() - started
}
console.log(`sum of bare line syntheses: ${(bare / 1000).toFixed(1)} s`)

const started = performance.now()
const result = await dubSubtitles(parsed.cues, {
  voice: 'vi-north-female-mai',
  speakers: voices,
  cache: false,
  pool,
})
const wall = performance.now() - started
const s = result.report.summary
const byAction = new Map<string, number>()
for (const l of result.report.lines) byAction.set(l.action, (byAction.get(l.action) ?? 0) + 1)
console.log(
  `render wall time: ${(wall / 1000).toFixed(1)} s (${(wall / bare).toFixed(2)}× the bare syntheses)`,
)
console.log(`fitted without a flag: ${s.fitted}/${s.lines} (${((100 * s.fitted) / s.lines).toFixed(1)} %)`)
console.log(`actions: ${[...byAction].map(([a, n]) => `${a} ${n}`).join(', ')}`)
console.log(
  `track: ${(result.track.durationMs / 1000).toFixed(1)} s; peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
)
await runAssCase(pool, voices)
await closeSharedPool()
