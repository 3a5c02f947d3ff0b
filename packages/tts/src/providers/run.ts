/**
 * The synthesis pipeline for provider voices, with the same contract as the engine pipeline (`runSynthesis`):
 * the text goes through Loa's normalizer and the user's dictionary (on the worker pool), is cut into requests
 * within the provider's limit at sentence ends, each request's audio is streamed through as it arrives —
 * resampled to the caller's rate and encoded to the caller's format on the fly — and the timeline comes from
 * the provider's word times where it gives them, else is estimated from the audio as for eSpeak voices.
 */
import type { TimelineSentence, TimelineWord } from '@loa/contracts/browser'
import { createStreamResampler } from '../audio/resample-stream.ts'
import { createEncoder } from '../encoders/index.ts'
import { MIME_TYPES } from '../encoders/types.ts'
import { estimatedOutput } from '../engines/words.ts'
import { TtsError } from '../errors.ts'
import { resolveOptions } from '../options.ts'
import { splitIntoChunks } from '../pipeline/chunks.ts'
import { checkText, NOTHING_TO_READ } from '../pipeline/prepare.ts'
import type { SynthesisRequest, SynthesisSummary } from '../pipeline/types.ts'
import { mapToSource } from '../timeline/source-map.ts'
import type { LoaVoice } from '../voices.ts'
import { getSharedPool } from '../worker/pool.ts'
import { createChannel, type Channel } from './channel.ts'
import { groupSegments, type Group } from './groups.ts'
import { adapterFor } from './kinds.ts'
import { providerClient } from './state.ts'
import type { ProviderWord } from './types.ts'

const PREPARE_TIMEOUT_MS = 15_000

type SpeechGroup = Extract<Group, { kind: 'speech' }>

/** A provider request under way: its audio as it arrives, its word times once it has all come. */
interface Launched {
  channel: Channel<Int16Array>
  words: ProviderWord[] | undefined
}

/** One request or pause of the plan, with where its chunk sits in the user's text. */
interface Step {
  group: Group
  chunkStart: number
  chunkEnd: number
  spans: Parameters<typeof mapToSource>[0]
}

export async function* runProviderSynthesis(
  request: SynthesisRequest,
  voice: LoaVoice,
): AsyncGenerator<Uint8Array, SynthesisSummary> {
  const ref = voice.provider!
  const opts = resolveOptions(request)
  const text = checkText(request.text, opts.maxCharacters)
  const client = providerClient(ref.providerId)
  if (!client) throw new TtsError('PROVIDER_UNAVAILABLE', `provider '${ref.providerId}' is not configured`)
  // A paused provider fails before any work (and before the caller's credits are spent on a silent wait).
  if (client.state() === 'paused')
    throw new TtsError('PROVIDER_UNAVAILABLE', `${ref.providerId} is paused after repeated failures`)
  const adapter = await adapterFor(ref.kind)
  const limit = Math.min(adapter.maxChars, client.config.max_chars ?? adapter.maxChars)
  const fits = (s: string): boolean => adapter.size(s) <= limit
  const pool = request.pool ?? getSharedPool()
  const rate = opts.sampleRate
  const encoder = await createEncoder(
    { format: opts.format, sampleRate: rate, bitrate: opts.bitrate },
    request.mp3Encoder,
  )

  const sentences: TimelineSentence[] = []
  const words: TimelineWord[] = []
  let samples = 0
  let wordTiming: 'events' | 'estimated' = 'events'

  // Requests are started one ahead of the one being streamed out: the provider generates the next part while the
  // caller receives this one. Leaving early (a failure, the caller gone) cancels what was started ahead.
  const stop = new AbortController()
  const signal = request.signal ? AbortSignal.any([request.signal, stop.signal]) : stop.signal
  const launch = (group: SpeechGroup): Launched => {
    const channel = createChannel<Int16Array>()
    const launched: Launched = { channel, words: undefined }
    client
      .run(signal, async (http) => {
        const audio = await adapter.synthesize(
          { text: group.text, voice: ref, speed: opts.speed, sampleRate: rate },
          http,
        )
        const resampler = createStreamResampler(audio.sampleRate, rate)
        for await (const pcm of audio.pcm) channel.push(resampler.push(pcm))
        channel.push(resampler.end())
        launched.words = audio.words()
      })
      .then(
        () => channel.end(),
        (error: unknown) => channel.fail(error),
      )
    return launched
  }
  async function* planned(): AsyncGenerator<Step> {
    for (const chunk of splitIntoChunks(text)) {
      const prepared = await pool.run(
        'prepare',
        {
          text: text.slice(chunk.start, chunk.end),
          region: voice.region,
          dictionary: opts.dictionary,
          pauses: opts.pauses,
        },
        { timeoutMs: PREPARE_TIMEOUT_MS },
      )
      for (const group of groupSegments(prepared.segments, fits))
        yield { group, chunkStart: chunk.start, chunkEnd: chunk.end, spans: prepared.spans }
    }
  }
  const steps = planned()
  const startNext = async (): Promise<(Step & { launched?: Launched }) | undefined> => {
    const step = await steps.next()
    if (step.done) return undefined
    const { group } = step.value
    return group.kind === 'speech' ? { ...step.value, launched: launch(group) } : step.value
  }

  try {
    let next = startNext()
    for (;;) {
      const step = await next
      if (!step) break
      next = startNext()
      // Rejections of the step ahead surface when it is awaited, not as unhandled ones meanwhile.
      next.catch(() => undefined)
      const { group } = step
      if (group.kind === 'pause') {
        if (sentences.length === 0) continue
        const silence = new Int16Array(Math.round((group.ms * rate) / 1000))
        samples += silence.length
        const bytes = encoder.encode(silence)
        if (bytes.length > 0) yield bytes
        continue
      }
      const startMs = (samples / rate) * 1000
      const groupPcm: Int16Array[] = []
      for await (const pcm of step.launched!.channel) {
        if (pcm.length === 0) continue
        groupPcm.push(pcm)
        samples += pcm.length
        const bytes = encoder.encode(pcm)
        if (bytes.length > 0) yield bytes
      }
      const groupSamples = groupPcm.reduce((n, p) => n + p.length, 0)
      const endMs = (samples / rate) * 1000
      // Provider word times are in seconds of its audio, which resampling keeps.
      let groupWords = step.launched!.words
      if (!groupWords) {
        wordTiming = 'estimated'
        groupWords = estimateWords(group, groupPcm, groupSamples, rate)
      }
      addTimeline(group, groupWords, startMs, endMs, text, step.chunkStart, step.spans, sentences, words)
      request.onProgress?.({
        sentencesDone: sentences.length,
        sentencesTotal: sentences.length,
        ratio: Math.min(0.99, step.chunkEnd / text.length),
        audioMs: endMs,
      })
    }
  } finally {
    stop.abort()
    await steps.return(undefined)
  }
  if (sentences.length === 0) throw new TtsError('TTS_EMPTY_TEXT', NOTHING_TO_READ)
  const tail = encoder.finish()
  if (tail.length > 0) yield tail
  const durationMs = (samples / rate) * 1000
  return {
    format: opts.format,
    mimeType: MIME_TYPES[opts.format],
    sampleRate: rate,
    bitrate: opts.bitrate,
    durationMs,
    characters: [...text].length,
    timeline: { durationMs, sentences, words, wordTiming },
    engine: { id: 'provider', version: `${ref.kind}:${ref.providerId}:${ref.providerVoice}` },
    cacheHits: 0,
    speechUnits: sentences.length,
  }
}

const estimateWords = (
  group: Extract<Group, { kind: 'speech' }>,
  parts: Int16Array[],
  length: number,
  rate: number,
): ProviderWord[] => {
  const pcm = new Int16Array(length)
  let at = 0
  for (const p of parts) {
    pcm.set(p, at)
    at += p.length
  }
  // Sentence ends inside the request are its clause pauses: the estimate looks for that many silent gaps.
  const clausePauses = group.parts.slice(1).map((p) => ({ offset: p.at, ms: 0 }))
  return estimatedOutput({ text: group.text, clausePauses }, pcm, rate).words
}

/** Places a request's words and sentences on the synthesis timeline, mapped back to the user's text. */
const addTimeline = (
  group: Extract<Group, { kind: 'speech' }>,
  groupWords: ProviderWord[],
  startMs: number,
  endMs: number,
  text: string,
  chunkStart: number,
  spans: Parameters<typeof mapToSource>[0],
  sentences: TimelineSentence[],
  words: TimelineWord[],
): void => {
  const partOf = (offset: number): number => {
    let i = 0
    while (i + 1 < group.parts.length && group.parts[i + 1]!.at <= offset) i++
    return i
  }
  const toNormalized = (part: number, offset: number): number => {
    const p = group.parts[part]!
    return p.segment.offset + p.from + (offset - p.at)
  }
  // One timeline sentence per segment (a long one cut into several requests' parts keeps one entry per part).
  const first = sentences.length
  const starts: number[] = []
  for (const [i, part] of group.parts.entries()) {
    const from = toNormalized(i, part.at)
    const to = from + part.text.length
    const src = mapToSource(spans, from, to)
    const firstWord = groupWords.find((w) => w.offset >= part.at && w.offset < part.at + part.text.length)
    starts.push(
      i === 0 ? startMs : startMs + (firstWord?.startMs ?? (endMs - startMs) * (part.at / group.text.length)),
    )
    sentences.push({
      index: first + i,
      text: part.text,
      source: text.slice(chunkStart + src.srcStart, chunkStart + src.srcEnd),
      startMs: 0,
      endMs: 0,
      srcStart: chunkStart + src.srcStart,
      srcEnd: chunkStart + src.srcEnd,
      paragraph: part.segment.paragraph,
    })
  }
  for (const [i, s] of sentences.slice(first).entries()) {
    s.startMs = starts[i]!
    s.endMs = starts[i + 1] ?? endMs
  }
  for (const w of groupWords) {
    const part = partOf(w.offset)
    const from = toNormalized(part, w.offset)
    const src = mapToSource(spans, from, from + w.length)
    words.push({
      text: group.text.slice(w.offset, w.offset + w.length),
      startMs: Math.min(endMs, startMs + w.startMs),
      endMs: Math.min(endMs, startMs + w.endMs),
      srcStart: chunkStart + src.srcStart,
      srcEnd: chunkStart + src.srcEnd,
      sentence: first + part,
    })
  }
}
