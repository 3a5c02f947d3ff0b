import { dubbedSeconds } from '@loa/contracts'
import type { RenderInput } from './projects.ts'

/**
 * Seconds a render is charged to the `aidubbing` wallet (issue 28: dubbing is sold in minutes, counted in
 * seconds): the span of the subtitles it renders — the whole project's first start to last end, or the one line
 * of a regeneration — rounded up to a whole second.
 */
export const billableSeconds = (input: RenderInput): number =>
  dubbedSeconds(input.lines.filter((l) => input.lineId === undefined || l.id === input.lineId))
