/** `synthesize` (whole result in memory) and `synthesizeStream` (encoded chunks as they are ready). */
import { WAV_HEADER_BYTES } from '../audio/wav.ts'
import { runSynthesis } from './run.ts'
import type { SynthesisRequest, SynthesisResult, SynthesisSummary } from './types.ts'

/** Synthesizes the whole text; returns the audio bytes, its description and the timeline. */
export const synthesize = async (request: SynthesisRequest): Promise<SynthesisResult> => {
  const generator = runSynthesis(request)
  const parts: Uint8Array[] = []
  let total = 0
  for (;;) {
    const step = await generator.next()
    if (step.done) {
      const audio = new Uint8Array(total)
      let at = 0
      for (const p of parts) {
        audio.set(p, at)
        at += p.length
      }
      if (step.value.format === 'wav' && audio.length >= WAV_HEADER_BYTES) {
        // The streamed header carries unknown sizes: write the real ones.
        const view = new DataView(audio.buffer)
        view.setUint32(4, audio.length - 8, true)
        view.setUint32(40, audio.length - WAV_HEADER_BYTES, true)
      }
      return { ...step.value, audio }
    }
    parts.push(step.value)
    total += step.value.length
  }
}

/** An async iterable of encoded audio chunks; `summary` resolves (with the timeline) after the last chunk. */
export interface SynthesisStream extends AsyncIterable<Uint8Array> {
  readonly summary: Promise<SynthesisSummary>
}

/**
 * Streams encoded audio: the first chunk is yielded as soon as the first sentence is rendered and
 * encoded. A WAV stream starts with a header whose sizes are "unknown" (0xFFFFFFFF − 36), as players expect.
 */
export const synthesizeStream = (request: SynthesisRequest): SynthesisStream => {
  let resolveSummary!: (s: SynthesisSummary) => void
  let rejectSummary!: (e: unknown) => void
  const summary = new Promise<SynthesisSummary>((resolve, reject) => {
    resolveSummary = resolve
    rejectSummary = reject
  })
  summary.catch(() => undefined)
  let started = false
  return {
    summary,
    async *[Symbol.asyncIterator]() {
      if (started) throw new Error('a synthesis stream can be iterated only once')
      started = true
      const generator = runSynthesis(request)
      try {
        for (;;) {
          const step = await generator.next()
          if (step.done) {
            resolveSummary(step.value)
            return
          }
          yield step.value
        }
      } catch (error) {
        rejectSummary(error)
        throw error
      } finally {
        await generator.return(undefined as never)
      }
    },
  }
}
