import { frameRmsOnsets } from './onsets.test-support.ts'
import { describe, expect, it } from 'vitest'
import { parseSubtitles } from '../subtitles/parse.ts'
import { dubSubtitles } from '../dub.ts'

// Natural pacing, a line that must borrow, one that must stretch past its cue (re-timing the next one).
const SRT = `1
00:00:00,500 --> 00:00:02,500
LAN: Xin chào các bạn.

2
00:00:03,000 --> 00:00:04,000
MINH: Hôm nay chúng ta nói về thời tiết.

3
00:00:05,500 --> 00:00:06,300
LAN: Trời nắng đẹp và có gió nhẹ ở khắp nơi trong thành phố.

4
00:00:06,400 --> 00:00:08,400
MINH: Tuyệt vời.
`

describe('dub render (real synthesis)', () => {
  it('starts every line within 50 ms of its placed start, never overlapping, all fit decisions reported', async () => {
    const cues = parseSubtitles(SRT).cues
    const result = await dubSubtitles(cues, {
      voice: 'vi-north-female-mai',
      speakers: { Lan: { voice: 'vi-north-female-lan' }, Minh: { voice: 'vi-south-male-kien', speed: 1.1 } },
    })
    const { track, report } = result
    const lines = report.lines
    expect(lines.map((l) => l.index)).toEqual([1, 2, 3, 4])
    expect(lines[0]!.action).toBe('fit')
    expect(lines[2]!.action).toBe('stretch')
    expect(lines[2]!.overflow_ms).toBe(0)
    expect(lines[3]!.action).toBe('retime')
    expect(lines[3]!.placed_start_ms).toBeGreaterThanOrEqual(lines[2]!.placed_end_ms + 80)
    expect(lines[2]!.speed * lines[2]!.stretch).toBeLessThanOrEqual(1.5 * 1.02)
    expect(lines[1]!.speed).toBeGreaterThan(1.1) // re-synthesized faster than Minh's own 1.1
    expect(report.summary).toMatchObject({ lines: 4, flagged: 0, unresolved: 0, retimed: 1, fitted: 4 })
    for (let i = 1; i < lines.length; i++)
      expect(lines[i - 1]!.placed_end_ms).toBeLessThanOrEqual(lines[i]!.placed_start_ms)

    const onsets = frameRmsOnsets(track.pcm, track.sampleRate)
    for (const l of lines) {
      const near = onsets.filter((o) => Math.abs(o - l.placed_start_ms) <= 50)
      expect(
        near,
        `line ${l.index} onset near ${l.placed_start_ms} ms; onsets ${onsets.join(', ')}`,
      ).toHaveLength(1)
    }
    // Every sound belongs to a line: nothing before, between or after the placed spans.
    for (const o of onsets)
      expect(lines.some((l) => o >= l.placed_start_ms - 50 && o <= l.placed_end_ms)).toBe(true)
    expect(result.adjusted[0]).toMatchObject({ startMs: 500, text: 'Xin chào các bạn.' })
  })
})
