/**
 * The synthesis plan, built chunk by chunk on worker threads while audio is already being rendered:
 * an ordered list of pauses and speech units, each unit knowing how to map back to the user's text.
 */
import type { SourceSpan } from '../normalize/types.ts'
import type { PauseSettings } from '../options.ts'
import type { SpeechSegment } from '../segment/segmenter.ts'
import type { SynthesisPool } from '../worker/pool.ts'
import { splitIntoChunks, type ChunkBoundary } from './chunks.ts'
import type { PrepareRequest, PreparedText } from './prepare.ts'

export interface PlannedSpeech {
  kind: 'speech'
  segment: SpeechSegment
  /** Offset of the unit's chunk in the user's text. */
  srcOffset: number
  spans: SourceSpan[]
}

export interface PlannedPause {
  kind: 'pause'
  ms: number
}

export type PlanItem = PlannedSpeech | PlannedPause

const PREPARE_TIMEOUT_MS = 15_000
/** Chunks prepared ahead of the one being consumed. */
const PREFETCH = 2

const boundaryMs = (boundary: ChunkBoundary, pauses: PauseSettings): number =>
  boundary === 'paragraph'
    ? pauses.paragraphMs
    : boundary === 'sentence'
      ? pauses.sentenceMs
      : boundary === 'clause'
        ? pauses.mediumMs
        : 0

export class Plan {
  readonly items: PlanItem[] = []
  speechCount = 0
  done = false
  /** Characters of the user's text planned so far. */
  plannedChars = 0
  private error: unknown
  private cancelled = false
  private waiters: (() => void)[] = []

  constructor(
    private readonly pool: SynthesisPool,
    private readonly text: string,
    private readonly request: Omit<PrepareRequest, 'text'>,
  ) {}

  /** Prepares every chunk in order (a few ahead in parallel); never rejects (errors surface in `next`). */
  async build(): Promise<void> {
    const chunks = splitIntoChunks(this.text)
    const prepare = (i: number): Promise<PreparedText> => {
      const c = chunks[i]!
      const p = this.pool.run(
        'prepare',
        { ...this.request, text: this.text.slice(c.start, c.end) },
        { timeoutMs: PREPARE_TIMEOUT_MS },
      )
      p.catch(() => undefined)
      return p
    }
    // The first (small) chunk alone, so that the first unit renders without competition.
    const pending = [prepare(0)]
    let pendingPause = 0
    try {
      for (let i = 0; i < chunks.length && !this.cancelled; i++) {
        const prepared = await pending[i]!
        while (pending.length < Math.min(chunks.length, i + 1 + PREFETCH))
          pending.push(prepare(pending.length))
        const chunk = chunks[i]!
        let first = true
        for (const seg of prepared.segments) {
          if (seg.kind === 'pause') {
            this.items.push({ kind: 'pause', ms: seg.ms })
            continue
          }
          if (first && this.speechCount > 0 && pendingPause > 0)
            this.items.push({ kind: 'pause', ms: pendingPause })
          first = false
          this.items.push({
            kind: 'speech',
            segment: { ...seg, index: this.speechCount++ },
            srcOffset: chunk.start,
            spans: prepared.spans,
          })
        }
        if (prepared.speechCount > 0) pendingPause = 0
        pendingPause = Math.max(pendingPause, boundaryMs(chunk.boundary, this.request.pauses))
        this.plannedChars = chunk.end
        this.wake()
      }
    } catch (error) {
      this.error = error
    }
    this.done = true
    this.wake()
  }

  /** Stops preparing further chunks (the consumer has gone). */
  cancel(): void {
    this.cancelled = true
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w()
  }

  /** Resolves when item `index` exists (true) or the plan is complete without it (false). */
  async has(index: number): Promise<boolean> {
    while (index >= this.items.length && !this.done) await new Promise<void>((r) => this.waiters.push(r))
    if (this.error !== undefined && index >= this.items.length) throw this.error
    return index < this.items.length
  }
}
