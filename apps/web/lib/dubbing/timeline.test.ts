import { describe, expect, it } from 'vitest'
import type { DubbingLine } from './api'
import { fittingZoom, fitTone, lanesOf, retime, rulerTicks, timelineLength, zoomStep } from './timeline'
import { peaksOf, waveformPath } from './waveform'

const line = (id: string, startMs: number, endMs: number, speaker: string | null, action?: string) =>
  ({
    id,
    index: 0,
    startMs,
    endMs,
    speaker,
    text: id,
    speech: id,
    sourceLine: null,
    fit: action
      ? {
          action,
          placedStartMs: startMs,
          placedEndMs: endMs,
          overflowMs: 0,
          shortenByChars: 0,
          speed: 1,
          stretch: 1,
        }
      : null,
    fix: null,
    language: 'vi',
    voiceReadsLanguage: true,
  }) satisfies DubbingLine

describe('dubbing timeline', () => {
  it('paints each fit action as one of four tones, and none before a render', () => {
    const tones = [
      'fit',
      'speed',
      'stretch',
      'borrow',
      'retime',
      'unresolved',
      'accepted-overrun',
      'new-kind',
    ].map((a) => fitTone(line('a', 0, 1, null, a)))
    expect(tones).toEqual([
      'fits',
      'faster',
      'faster',
      'borrowed',
      'borrowed',
      'unresolved',
      'unresolved',
      'unresolved',
    ])
    expect(fitTone(line('a', 0, 1, null))).toBe('none')
  })

  it('gives each speaker a lane, in the project order, then the lines without a speaker', () => {
    const lines = [
      line('1', 0, 1, 'Minh'),
      line('2', 1, 2, 'Lan'),
      line('3', 2, 3, null),
      line('4', 3, 4, 'Lan'),
    ]
    const lanes = lanesOf(lines, ['Lan', 'Minh', 'Hoa'])
    expect(lanes.map((l) => [l.speaker, l.lines.map((x) => x.id)])).toEqual([
      ['Lan', ['2', '4']],
      ['Minh', ['1']],
      [null, ['3']],
    ])
  })

  it('moves an edge or the whole line within its lane and the timeline, snapped, never shorter than 200 ms', () => {
    const lane = [
      { id: 'a', startMs: 0, endMs: 1000 },
      { id: 'b', startMs: 2000, endMs: 3000 },
      { id: 'c', startMs: 5000, endMs: 6000 },
    ]
    const b = lane[1]!
    expect(retime(b, 'start', -333, lane, 'b', 10_000)).toEqual({ startMs: 1670, endMs: 3000 })
    expect(retime(b, 'start', -5000, lane, 'b', 10_000)).toEqual({ startMs: 1000, endMs: 3000 })
    expect(retime(b, 'start', 2000, lane, 'b', 10_000)).toEqual({ startMs: 2800, endMs: 3000 })
    expect(retime(b, 'end', 5000, lane, 'b', 10_000)).toEqual({ startMs: 2000, endMs: 5000 })
    expect(retime(b, 'move', 1500, lane, 'b', 10_000)).toEqual({ startMs: 3500, endMs: 4500 })
    expect(retime(b, 'move', 9000, lane, 'b', 10_000)).toEqual({ startMs: 4000, endMs: 5000 })
    expect(retime(b, 'move', -9000, lane, 'b', 10_000)).toEqual({ startMs: 1000, endMs: 2000 })
    // The last line stops at the end of the timeline.
    expect(retime(lane[2]!, 'end', 9000, lane, 'c', 7000)).toEqual({ startMs: 5000, endMs: 7000 })
    // A line that already overlaps the one before may stay, but goes no further into it.
    const overlapping = [lane[0]!, { id: 'd', startMs: 800, endMs: 1500 }]
    expect(retime(overlapping[1]!, 'start', -500, overlapping, 'd', 10_000)).toEqual({
      startMs: 800,
      endMs: 1500,
    })
  })

  it('zooms by levels, fits a length into a width, spaces the ruler labels and sizes the timeline', () => {
    expect(fittingZoom(10_000, 900)).toBe(80)
    expect(fittingZoom(3_600_000, 900)).toBe(5)
    expect(zoomStep(80, 1)).toBe(120)
    expect(zoomStep(80, -1)).toBe(40)
    expect(zoomStep(320, 1)).toBe(320)
    expect(rulerTicks(10_000, 80)).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000])
    expect(rulerTicks(10_000, 20)).toEqual([0, 5000, 10_000])
    expect(timelineLength([line('a', 0, 4000, null)], null)).toBe(9000)
    expect(timelineLength([line('a', 0, 4000, null)], 12_000)).toBe(12_000)
  })

  it('draws a waveform from the loudest sample of each slice', () => {
    const samples = new Float32Array([0, 0.5, -1, 0.25, 0, 0])
    expect(peaksOf(samples, 3)).toEqual([0.5, 1, 0])
    expect(waveformPath([0.5, 1])).toBe('M0 0.500 L1 0.000 L1 2.000 L0 1.500 Z')
  })
})
