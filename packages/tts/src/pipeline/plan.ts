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

/**
 * Workers for the first audio of a request. Until `release`, the plan prepares the first chunk on `first`
 * and later chunks only on `background` (or, without one, only when the consumer waits for them), so that
 * nothing queues in front of the first unit.
 */
export interface PlanLanes {
  first: number
  background?: number
}

export class Plan {
  readonly items: PlanItem[] = []
  speechCount = 0
  done = false
  /** Characters of the user's text planned so far. */
  plannedChars = 0
  private error: unknown
  private cancelled = false
  private waiters: (() => void)[] = []
  private held: boolean
  /** The consumer waits for items not planned yet. */
  private hungry = false
  private kick: (() => void) | undefined

  constructor(
    private readonly pool: SynthesisPool,
    private readonly text: string,
    private readonly request: Omit<PrepareRequest, 'text'>,
    private readonly lanes?: PlanLanes,
  ) {
    this.held = lanes !== undefined
  }

  /** Prepares every chunk in order (a few ahead in parallel); never rejects (errors surface in `next`). */
  async build(): Promise<void> {
    const chunks = splitIntoChunks(this.text)
    const pending: Promise<PreparedText>[] = []
    const prepare = (i: number): Promise<PreparedText> => {
      const c = chunks[i]!
      const worker = i === 0 ? this.lanes?.first : this.held ? this.lanes?.background : undefined
      const p = this.pool.run(
        'prepare',
        { ...this.request, text: this.text.slice(c.start, c.end) },
        { timeoutMs: PREPARE_TIMEOUT_MS, ...(worker === undefined ? {} : { worker }) },
      )
      p.catch(() => undefined)
      return p
    }
    /** Starts the chunks that may run now, while chunk `next` is the one awaited. */
    const fill = (next: number): void => {
      // The first (small) chunk alone, so that the first unit renders without competition.
      let limit = next === 0 ? 1 : next + PREFETCH
      if (this.held && this.lanes?.background === undefined)
        limit = this.speechCount === 0 || this.hungry ? next + 1 : Math.max(1, next)
      while (pending.length < Math.min(chunks.length, limit)) pending.push(prepare(pending.length))
    }
    let pendingPause = 0
    try {
      for (let i = 0; i < chunks.length && !this.cancelled; i++) {
        fill(i)
        while (!pending[i]) {
          await new Promise<void>((resolve) => (this.kick = resolve))
          this.kick = undefined
          if (this.cancelled) break
          fill(i)
        }
        if (this.cancelled) break
        const prepared = await pending[i]!
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
        this.hungry = false
        fill(i + 1)
        this.wake()
      }
    } catch (error) {
      this.error = error
    }
    this.done = true
    this.wake()
  }

  /** Until `release`: work is held to the lanes (the first audio is not out yet). */
  get fastLane(): boolean {
    return this.held
  }

  /** The first audio is out: prepare ahead on every worker. */
  release(): void {
    if (!this.held) return
    this.held = false
    this.kick?.()
  }

  /** Stops preparing further chunks (the consumer has gone). */
  cancel(): void {
    this.cancelled = true
    this.kick?.()
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w()
  }

  /** Resolves when item `index` exists (true) or the plan is complete without it (false). */
  async has(index: number): Promise<boolean> {
    while (index >= this.items.length && !this.done) {
      this.hungry = true
      this.kick?.()
      await new Promise<void>((r) => this.waiters.push(r))
    }
    if (this.error !== undefined && index >= this.items.length) throw this.error
    return index < this.items.length
  }
}
