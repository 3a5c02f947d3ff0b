import { describe, expect, it } from 'vitest'
import { dubSubtitles } from '../dub.ts'
import { parseSubtitles } from '../subtitles/parse.ts'
import { frameRmsOnsets } from './onsets.test-support.ts'

// Line 2 is far too long for its cue but line 3 can move; line 4 cannot fit even if line 5 moved 1.5 s.
const SRT = `1
00:00:00,500 --> 00:00:02,500
Xin chào các bạn.

2
00:00:03,000 --> 00:00:04,000
Hôm nay chúng ta sẽ nói về thời tiết và những ngày nắng đẹp.

3
00:00:04,500 --> 00:00:07,500
Vâng, đúng vậy.

4
00:00:08,000 --> 00:00:08,500
Trời nắng đẹp và có gió nhẹ ở khắp nơi trong thành phố hôm nay.

5
00:00:08,600 --> 00:00:09,600
Tuyệt vời.
`

const options = { voice: 'vi-north-female-mai' }

describe('never truncate speech (real synthesis)', () => {
  it('re-times the run, holds what cannot fit as unresolved, cuts only an accepted overrun', async () => {
    const cues = parseSubtitles(SRT).cues
    const { report, track } = await dubSubtitles(cues, options)
    const [l1, l2, l3, l4, l5] = report.lines
    expect(l1!.action).toBe('fit')
    expect(l2!.action).toBe('stretch')
    expect(l2!.placed_end_ms).toBeGreaterThan(4500) // ran past the next cue's start…
    expect(l3).toMatchObject({ action: 'retime' }) // …which moved later, and says by how much
    expect(l3!.shift_ms).toBeGreaterThan(0)
    expect(l3!.placed_start_ms).toBe(4500 + l3!.shift_ms)
    expect(l4!.action).toBe('unresolved')
    expect(l4!.shorten_by_chars).toBeGreaterThan(0)
    expect(l5).toMatchObject({ action: 'fit', shift_ms: 0, file_line: 18, cue: 5 })
    expect(report.summary).toMatchObject({ lines: 5, unresolved: 1, retimed: 1, accepted_overrun: 0 })
    // No line other than the unresolved one is shorter than its synthesized speech.
    for (const l of report.lines.filter((l) => l.action !== 'unresolved'))
      expect((l.placed_end_ms - l.placed_start_ms) * l.stretch, `line ${l.index}`).toBeGreaterThanOrEqual(
        l.speech_ms - 15,
      )
    for (let i = 1; i < report.lines.length; i++)
      expect(report.lines[i]!.placed_start_ms).toBeGreaterThanOrEqual(report.lines[i - 1]!.placed_end_ms)
    // Each placed line is heard where the report says it starts.
    const onsets = frameRmsOnsets(track.pcm, track.sampleRate)
    for (const l of report.lines)
      expect(
        onsets.some((o) => Math.abs(o - l.placed_start_ms) <= 50),
        `line ${l.index}`,
      ).toBe(true)
    // The track ends at the last placed line's end.
    expect(Math.abs(track.durationMs - l5!.placed_end_ms)).toBeLessThanOrEqual(1)

    // Accepted: the line is cut at its limit and the report says so; nothing else changes.
    const accepted = await dubSubtitles(cues, { ...options, fixes: new Map([[4, { acceptOverrun: true }]]) })
    const a4 = accepted.report.lines[3]!
    expect(a4.action).toBe('accepted-overrun')
    expect((a4.placed_end_ms - a4.placed_start_ms) * a4.stretch).toBeLessThan(a4.speech_ms)
    expect(accepted.report.summary).toMatchObject({ unresolved: 0, accepted_overrun: 1 })
    // A higher speed limit for that line resolves it instead.
    const faster = await dubSubtitles(cues, { ...options, fixes: new Map([[4, { maxSpeedup: 4 }]]) })
    expect(faster.report.lines[3]!.action).toBe('stretch')
    // With media, the track ends at the media's end.
    expect((await dubSubtitles(cues, { ...options, mediaMs: 12_000 })).track.durationMs).toBe(12_000)
  })
})
