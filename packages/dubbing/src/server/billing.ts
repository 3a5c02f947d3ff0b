import { billedCharacters, dubbedSeconds } from '@loa/contracts'
import type { RenderInput, RenderInputLine } from './projects.ts'

/**
 * The credit factor a render bills with (issue #26 §3): the highest factor among the voices of the lines it
 * renders, so that a premium speaker's line is never billed at a basic voice's rate (lines of renders started
 * before the factor was kept count as 1).
 */
export const renderCreditFactor = (lines: readonly Pick<RenderInputLine, 'creditFactor'>[]): number =>
  lines.length ? Math.max(...lines.map((l) => l.creditFactor ?? 1)) : 1

/**
 * Seconds a render is charged to the `aidubbing` wallet (issue 28: dubbing is sold in minutes, counted in
 * seconds): the span of the subtitles it renders — the whole project's first start to last end, or the one line
 * of a regeneration — rounded up to a whole second, times the voices' credit factor (issue #26 §3), rounded up
 * again as characters are (`billedCharacters`: integer hundredths, so 10 s × 1.1 is 11 s).
 */
export const billableSeconds = (input: RenderInput): number => {
  const lines = input.lines.filter((l) => input.lineId === undefined || l.id === input.lineId)
  return billedCharacters(dubbedSeconds(lines), renderCreditFactor(lines))
}
