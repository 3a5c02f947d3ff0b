/**
 * The synthesis pipeline as an async generator of encoded chunks: the plan is prepared chunk by chunk on
 * workers (normalize + segment) → units render in parallel across the pool, in order, through the sentence
 * cache → joined with pauses → encoded on a worker → bytes yielded as soon as they are ready.
 */
import {
  createMemoryCache,
  sentenceCacheKey,
  type CachedUnit,
  type SentenceCache,
} from '../cache/sentence-cache.ts'
import { MIME_TYPES } from '../encoders/types.ts'
import { TtsError } from '../errors.ts'
import { resolveOptions } from '../options.ts'
import { mapToSource } from '../timeline/source-map.ts'
import type { TimelineSentence, TimelineWord } from '@loa/contracts/browser'
import { getVoice } from '../voices.ts'
import { getSharedPool } from '../worker/pool.ts'
import type { EngineInfo } from '../worker/protocol.ts'
import { PIPER_ENGINE_VERSION } from '../engines/piper-config.ts'
import { runProviderSynthesis } from '../providers/run.ts'
import { createOutput } from './output.ts'
import { Plan, type PlanLanes, type PlannedSpeech } from './plan.ts'
import { checkText, NOTHING_TO_READ } from './prepare.ts'
import type { SynthesisRequest, SynthesisSummary } from './types.ts'

let sharedCache: SentenceCache | undefined
const defaultCache = (): SentenceCache => (sharedCache ??= createMemoryCache())

/** Watchdog: a unit that takes this long means a stuck worker (which is then replaced). */
const RENDER_TIMEOUT_MS = 30_000
/** Units per render task after the first one. */
const BATCH_UNITS = 6

const aborted = (): TtsError => new TtsError('TTS_ABORTED', 'synthesis was cancelled')

/** Resolves with `promise`, or rejects as soon as the signal aborts. */
const withAbort = <T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(aborted())
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}

interface Rendered {
  unit: CachedUnit
  hit: boolean
}

export async function* runSynthesis(request: SynthesisRequest): AsyncGenerator<Uint8Array, SynthesisSummary> {
  const opts = resolveOptions(request)
  const voice = getVoice(request.voice)
  // A provider voice is spoken by its provider (its own pipeline: requests, streaming, no sentence cache).
  if (voice.provider) return yield* runProviderSynthesis(request, voice)
  const text = checkText(request.text, opts.maxCharacters)
  const { signal } = request
  const pool = request.pool ?? getSharedPool()
  const cache = request.cache === false ? undefined : (request.cache ?? defaultCache())
  const rate = opts.sampleRate

  // A neural voice is spoken by the piper engine whatever the preference (its version is known here).
  const engine: EngineInfo = voice.engine.piper
    ? { id: 'piper', version: PIPER_ENGINE_VERSION }
    : await withAbort(pool.engineInfo(opts.engine), signal)
  // The fast lane: until the first audio is out, the first chunk, the first unit and its first encoded
  // piece run on one worker with nothing queued in front of them; other work goes to another worker
  // (one render batch at most) or waits.
  const first = pool.leastBusy()
  const lanes: PlanLanes = pool.size > 1 ? { first, background: pool.leastBusy(first) } : { first }
  const plan = new Plan(
    pool,
    text,
    { region: voice.region, dictionary: opts.dictionary, pauses: opts.pauses },
    lanes,
  )
  void plan.build()

  const output = await withAbort(
    createOutput(
      pool,
      { format: opts.format, sampleRate: rate, bitrate: opts.bitrate },
      { worker: first, ...(request.mp3Encoder ? { mp3: request.mp3Encoder } : {}) },
    ),
    signal,
  )
  const endFastLane = (): void => {
    if (!plan.fastLane) return
    plan.release()
    schedule()
  }

  const keyOf = (item: PlannedSpeech): string =>
    sentenceCacheKey({
      text: item.segment.text,
      clausePauses: item.segment.clausePauses,
      voice: voice.engine,
      speed: opts.speed,
      sampleRate: rate,
      normalizeVolume: opts.normalizeVolume,
      engine,
    })

  /** Renders consecutive units: cache hits are served, the misses go to one worker task. */
  const renderBatch = (items: PlannedSpeech[], worker: number | undefined): Promise<Rendered>[] => {
    const all = (async (): Promise<Rendered[]> => {
      const keys = items.map(keyOf)
      const cached = await Promise.all(keys.map((k) => cache?.get(k)))
      const misses = items.filter((_, i) => !cached[i])
      const outs =
        misses.length === 0
          ? []
          : await pool.run(
              'render-batch',
              {
                inputs: misses.map((m) => ({ text: m.segment.text, clausePauses: m.segment.clausePauses })),
                voice: voice.engine,
                speed: opts.speed,
                sampleRate: rate,
                normalizeVolume: opts.normalizeVolume,
                engine: opts.engine,
                engineOptions: pool.engineOptions,
              },
              { timeoutMs: RENDER_TIMEOUT_MS * misses.length, ...(worker === undefined ? {} : { worker }) },
            )
      let next = 0
      const results: Rendered[] = []
      for (const [i, hit] of cached.entries()) {
        if (hit) {
          results.push({ unit: hit, hit: true })
          continue
        }
        const out = outs[next++]!
        const unit: CachedUnit = {
          pcm: out.pcm,
          sampleRate: out.sampleRate,
          words: out.words,
          timing: out.timing,
        }
        await cache?.set(keys[i]!, unit)
        results.push({ unit, hit: false })
      }
      return results
    })()
    return items.map((_, i) => all.then((r) => r[i]!))
  }

  // Render ahead in a bounded window so memory stays flat whatever the text length. The first unit goes
  // alone (fast first chunk); later ones in batches (one native espeak-ng process per batch).
  const window = Math.max(2, pool.size * BATCH_UNITS * 2)
  const renders = new Map<number, Promise<Rendered>>()
  let scheduled = 0
  let backgroundBatches = 0
  /** Starts the renders that may run now; `need` is the item the consumer waits for. */
  const schedule = (need = -1): void => {
    while (scheduled < plan.items.length && renders.size < window) {
      const batch: [number, PlannedSpeech][] = []
      let cursor = scheduled
      while (
        cursor < plan.items.length &&
        batch.length < BATCH_UNITS &&
        renders.size + batch.length < window
      ) {
        const item = plan.items[cursor]!
        if (item.kind === 'speech' && item.segment.index === 0) {
          if (batch.length === 0) batch.push([cursor++, item])
          break
        }
        if (item.kind === 'speech') batch.push([cursor, item])
        cursor++
      }
      let worker: number | undefined
      if (plan.fastLane && batch.length > 0) {
        if (batch[0]![1].segment.index === 0) worker = lanes.first
        else if (lanes.background !== undefined && backgroundBatches === 0) {
          worker = lanes.background
          backgroundBatches++
        } else if (batch[0]![0] > need) break
      }
      scheduled = cursor
      if (batch.length === 0) continue
      const promises = renderBatch(
        batch.map(([, item]) => item),
        worker,
      )
      batch.forEach(([index], i) => {
        promises[i]!.catch(() => undefined)
        renders.set(index, promises[i]!)
      })
    }
  }

  const sentences: TimelineSentence[] = []
  const words: TimelineWord[] = []
  let samples = 0
  let cacheHits = 0
  let wordTiming: 'events' | 'estimated' = 'events'
  let finished = false

  try {
    for (let i = 0; await withAbort(plan.has(i), signal); i++) {
      schedule(i)
      const item = plan.items[i]!
      if (item.kind === 'pause') {
        const pause = Math.round((item.ms * rate) / 1000)
        if (pause > 0 && sentences.length > 0) {
          output.boundary()
          output.push(new Int16Array(pause), true)
          samples += pause
        }
        continue
      }
      const next = renders.get(i)!
      // Hand out encoded bytes while this unit is still rendering.
      let result: Rendered | undefined
      const settled = next.then((r) => {
        result = r
      })
      while (!result) {
        const ready = output.take()
        if (ready.length > 0) endFastLane()
        for (const bytes of ready) yield bytes
        if (ready.length > 0) continue
        const head = output.pending()
        await withAbort(head ? Promise.race([settled, head]) : settled, signal)
      }
      renders.delete(i)
      schedule()
      const { unit, hit } = result
      if (hit) cacheHits++
      if (unit.timing === 'estimated') wordTiming = 'estimated'
      const seg = item.segment
      const startMs = (samples / rate) * 1000
      const length = unit.pcm.length
      const src = mapToSource(item.spans, seg.offset, seg.offset + seg.text.length)
      const srcStart = item.srcOffset + src.srcStart
      const srcEnd = item.srcOffset + src.srcEnd
      sentences.push({
        index: seg.index,
        text: seg.text,
        source: text.slice(srcStart, srcEnd),
        startMs,
        endMs: startMs + (length / rate) * 1000,
        srcStart,
        srcEnd,
        paragraph: seg.paragraph,
      })
      for (const w of unit.words) {
        const ws = mapToSource(item.spans, seg.offset + w.offset, seg.offset + w.offset + w.length)
        words.push({
          text: w.text,
          startMs: startMs + w.startMs,
          endMs: startMs + w.endMs,
          srcStart: item.srcOffset + ws.srcStart,
          srcEnd: item.srcOffset + ws.srcEnd,
          sentence: seg.index,
        })
      }
      // Without a cache nobody needs the PCM any more: transfer it instead of copying.
      if (length > 0) output.push(unit.pcm, cache === undefined)
      else if (sentences.length === 1) endFastLane()
      samples += length
      const done = sentences.length
      request.onProgress?.({
        sentencesDone: done,
        sentencesTotal: plan.speechCount,
        ratio: plan.done ? done / plan.speechCount : Math.min(0.99, srcEnd / text.length),
        audioMs: (samples / rate) * 1000,
      })
      const ready = output.take()
      if (ready.length > 0) endFastLane()
      for (const bytes of ready) yield bytes
      await withAbort(output.backpressure(), signal)
    }
    endFastLane()
    if (sentences.length === 0) throw new TtsError('TTS_EMPTY_TEXT', NOTHING_TO_READ)
    for (const bytes of output.take()) yield bytes
    const rest = await withAbort(output.finish(), signal)
    finished = true
    for (const bytes of rest) yield bytes
  } finally {
    plan.cancel()
    if (!finished) output.abort()
  }

  // Timeline in the time of the decoded output (MP3 blocks add a few ms of encoder delay/padding).
  const shifts = output.shifts()
  const toOutputMs = (ms: number): number => {
    const pos = (ms * rate) / 1000
    let shift = 0
    for (const s of shifts) {
      if (s.pcmStart > pos + 0.5) break
      shift = s.shift
    }
    return ((pos + shift) / rate) * 1000
  }
  if (shifts.length > 1) {
    for (const s of sentences) {
      s.startMs = toOutputMs(s.startMs)
      s.endMs = toOutputMs(s.endMs)
    }
    for (const w of words) {
      w.startMs = toOutputMs(w.startMs)
      w.endMs = toOutputMs(w.endMs)
    }
  }
  samples += shifts.at(-1)?.shift ?? 0

  const durationMs = (samples / rate) * 1000
  return {
    format: opts.format,
    mimeType: MIME_TYPES[opts.format],
    sampleRate: rate,
    bitrate: opts.bitrate,
    durationMs,
    characters: [...text].length,
    timeline: { durationMs, sentences, words, wordTiming },
    engine,
    cacheHits,
    speechUnits: sentences.length,
  }
}
