import { describe, expect, it } from 'vitest'
import { billableSeconds, renderCreditFactor } from './billing.ts'
import type { RenderInput, RenderInputLine } from './projects.ts'

const line = (id: string, startMs: number, endMs: number, creditFactor?: number): RenderInputLine => ({
  id,
  index: 1,
  startMs,
  endMs,
  text: 'Xin chào.',
  speech: 'Xin chào.',
  voice: 'vi',
  speed: 1,
  ...(creditFactor === undefined ? {} : { creditFactor }),
})
const input = (lines: RenderInputLine[], lineId?: string): RenderInput => ({
  lines,
  duckDb: -12,
  muteOriginal: false,
  ...(lineId ? { lineId } : {}),
})

describe('dubbing seconds × the voice credit factor', () => {
  it('bills the span of the subtitles times the factor, rounded up', () => {
    // 0.5 s → 10.0 s is 9.5 s: 10 s at ×1, 15 s at ×1.5, 11 s at ×1.1 (not 12: integer hundredths).
    expect(billableSeconds(input([line('a', 500, 4000, 1), line('b', 6000, 10_000, 1)]))).toBe(10)
    expect(billableSeconds(input([line('a', 500, 4000, 1.5), line('b', 6000, 10_000, 1.5)]))).toBe(15)
    expect(billableSeconds(input([line('a', 500, 4000, 1.1), line('b', 6000, 10_000, 1.1)]))).toBe(11)
    expect(billableSeconds(input([line('a', 0, 3000, 0.5)]))).toBe(2)
  })

  it('takes the highest factor of the voices rendered; a render kept from before the factor bills ×1', () => {
    const lines = [line('a', 0, 4000, 1), line('b', 4000, 8000, 2.5), line('c', 8000, 10_000)]
    expect(renderCreditFactor(lines)).toBe(2.5)
    expect(billableSeconds(input(lines))).toBe(25)
    expect(billableSeconds(input([line('a', 0, 4000), line('b', 4000, 8000)]))).toBe(8)
  })

  it('bills a regeneration the one line at its own voice', () => {
    const lines = [line('a', 0, 4000, 1), line('b', 4000, 6200, 2)]
    expect(billableSeconds(input(lines, 'a'))).toBe(4)
    expect(billableSeconds(input(lines, 'b'))).toBe(6)
  })
})
