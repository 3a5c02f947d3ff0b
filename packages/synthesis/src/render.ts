import { billableCharacters, joinParagraphs } from '@loa/contracts'
import {
  concatBytes,
  DEFAULT_PAUSES,
  effectiveBitrate,
  getSharedPool,
  synthesize,
  synthesizeStream,
  wavHeader,
  type AudioFormat,
  type DictionaryEntry,
  type PauseSettings,
  type SentenceCache,
  type SynthesisPool,
  type SynthesisSummary,
  type Timeline,
} from '@loa/tts'
import { trackingCache, type UnitLookup } from './cache.ts'

/** Bytes of the header a WAV stream starts with (@loa/tts writes the canonical 44-byte one). */
const WAV_HEADER_BYTES = 44

export interface RenderParagraph {
  text: string
  voiceCode: string
  speed: number
}

export interface RenderInput {
  paragraphs: RenderParagraph[]
  format: AudioFormat
  bitrate: number
  sampleRate: number
  pauses?: Partial<PauseSettings>
  /**
   * Pronunciation entries (the request's snapshot); each voice reads with the ones of its region. Readings
   * change the normalized text, hence the sentence-cache keys: a changed reading is rendered again.
   */
  dictionary?: readonly DictionaryEntry[]
  cache: SentenceCache
  pool?: SynthesisPool
  signal?: AbortSignal
  /** Share of the whole work done, 0–1. */
  onProgress?: (ratio: number) => void
}

export interface RenderedSentenceCost {
  key: string
  hit: boolean
  /** Billable characters of the sentence's source text. */
  characters: number
}

export interface RenderOutput {
  /** The encoded audio, as one buffer or as a stream of chunks (long single-voice MP3s). */
  audio: Uint8Array | AsyncIterable<Uint8Array>
  mimeType: string
  /** Resolves once the audio has been consumed. */
  done: Promise<{
    durationMs: number
    bitrate: number
    timeline: Timeline
    cacheHits: number
    speechUnits: number
    sentences: RenderedSentenceCost[]
  }>
}

/** What a finished single-voice synthesis reports, with what its sentences cost. */
export const renderSummary = (
  s: Pick<SynthesisSummary, 'durationMs' | 'bitrate' | 'timeline' | 'cacheHits' | 'speechUnits'>,
  lookups: UnitLookup[],
) => ({
  durationMs: s.durationMs,
  bitrate: s.bitrate,
  timeline: s.timeline,
  cacheHits: s.cacheHits,
  speechUnits: s.speechUnits,
  sentences: sentenceCosts(s.timeline, lookups),
})

/** What each sentence of a timeline costs and whether it came from the cache (lookups in speech order). */
export const sentenceCosts = (timeline: Timeline, lookups: UnitLookup[]): RenderedSentenceCost[] =>
  timeline.sentences.map((s, i) => ({
    key: lookups[i]?.key ?? '',
    hit: lookups[i]?.hit ?? false,
    characters: billableCharacters(s.source),
  }))

/**
 * Renders a request on the tts worker-thread pool. One paragraph (or several with one voice and speed)
 * goes through the pipeline as one text, MP3 streamed chunk by chunk; paragraphs with their own voices are
 * rendered one by one as PCM, joined with the paragraph pause and encoded once, with one merged timeline.
 */
export const renderSynthesis = (input: RenderInput): RenderOutput => {
  const output = render(input)
  // A failed render rejects both the audio and `done`; the caller may only be reading the audio.
  output.done.catch(() => undefined)
  return output
}

const render = (input: RenderInput): RenderOutput => {
  const pool = input.pool ?? getSharedPool()
  const first = input.paragraphs[0]!
  const uniform = input.paragraphs.every((p) => p.voiceCode === first.voiceCode && p.speed === first.speed)
  const base = {
    format: input.format,
    bitrate: input.bitrate,
    sampleRate: input.sampleRate,
    pauses: input.pauses,
    dictionary: input.dictionary,
    pool,
    signal: input.signal,
  }
  if (uniform) {
    const tracked = trackingCache(input.cache)
    const request = {
      ...base,
      text: joinParagraphs(input.paragraphs),
      voice: first.voiceCode,
      speed: first.speed,
      cache: tracked.cache,
      onProgress: (p: { ratio: number }) => input.onProgress?.(p.ratio),
    }
    if (input.format === 'mp3') {
      const stream = synthesizeStream(request)
      return {
        audio: stream,
        mimeType: 'audio/mpeg',
        done: stream.summary.then((s) => renderSummary(s, tracked.lookups)),
      }
    }
    const result = synthesize(request)
    const audio = result.then((r) => r.audio)
    return {
      audio: (async function* () {
        yield await audio
      })(),
      mimeType: 'audio/wav',
      done: result.then((s) => renderSummary(s, tracked.lookups)),
    }
  }
  return renderParagraphs(input, pool)
}

/** The samples of a streamed 16-bit mono WAV as they come: its header skipped, odd bytes carried over. */
async function* wavStreamSamples(wav: AsyncIterable<Uint8Array>): AsyncGenerator<Int16Array> {
  let skip = WAV_HEADER_BYTES
  let carry: Uint8Array = new Uint8Array(0)
  for await (const chunk of wav) {
    let bytes = chunk
    if (skip > 0) {
      const dropped = Math.min(skip, bytes.length)
      skip -= dropped
      bytes = bytes.subarray(dropped)
    }
    if (carry.length > 0) bytes = concatBytes([carry, bytes])
    const even = bytes.length - (bytes.length % 2)
    carry = bytes.slice(even)
    if (even === 0) continue
    const samples = new Int16Array(even / 2)
    new Uint8Array(samples.buffer).set(bytes.subarray(0, even))
    yield samples
  }
}

const renderParagraphs = (input: RenderInput, pool: SynthesisPool): RenderOutput => {
  const rate = input.sampleRate
  const gapMs = input.pauses?.paragraphMs ?? DEFAULT_PAUSES.paragraphMs
  const weights = input.paragraphs.map((p) => Math.max(1, p.text.length))
  const total = weights.reduce((a, b) => a + b, 0)
  const timeline: Timeline = { durationMs: 0, sentences: [], words: [], wordTiming: 'events' }
  const sentences: RenderedSentenceCost[] = []
  let cacheHits = 0
  let speechUnits = 0
  let bitrate = 0
  let samples = 0
  let resolveDone!: (v: Awaited<RenderOutput['done']>) => void
  let rejectDone!: (e: unknown) => void
  const done = new Promise<Awaited<RenderOutput['done']>>((resolve, reject) => {
    resolveDone = resolve
    rejectDone = reject
  })
  done.catch(() => undefined)

  async function* pcmChunks(): AsyncGenerator<Int16Array> {
    let srcOffset = 0
    let before = 0
    for (const [i, p] of input.paragraphs.entries()) {
      if (i > 0) {
        const gap = new Int16Array(Math.round((gapMs * rate) / 1000))
        samples += gap.length
        yield gap
      }
      const tracked = trackingCache(input.cache)
      const startMs = (samples / rate) * 1000
      // Streamed sentence by sentence, so the first sentence is encoded (and a listener hears it, issue 31)
      // without waiting for the paragraph.
      const stream = synthesizeStream({
        text: p.text,
        voice: p.voiceCode,
        speed: p.speed,
        format: 'wav',
        sampleRate: rate,
        pauses: input.pauses,
        dictionary: input.dictionary,
        pool,
        signal: input.signal,
        cache: tracked.cache,
        onProgress: (pr) => input.onProgress?.((before + pr.ratio * weights[i]!) / total),
      })
      for await (const pcm of wavStreamSamples(stream)) {
        samples += pcm.length
        yield pcm
      }
      const result = await stream.summary
      const sentenceBase = timeline.sentences.length
      for (const s of result.timeline.sentences)
        timeline.sentences.push({
          ...s,
          index: sentenceBase + s.index,
          startMs: s.startMs + startMs,
          endMs: s.endMs + startMs,
          srcStart: s.srcStart + srcOffset,
          srcEnd: s.srcEnd + srcOffset,
          paragraph: i,
        })
      for (const w of result.timeline.words)
        timeline.words.push({
          ...w,
          startMs: w.startMs + startMs,
          endMs: w.endMs + startMs,
          srcStart: w.srcStart + srcOffset,
          srcEnd: w.srcEnd + srcOffset,
          sentence: sentenceBase + w.sentence,
        })
      if (result.timeline.wordTiming === 'estimated') timeline.wordTiming = 'estimated'
      sentences.push(...sentenceCosts(result.timeline, tracked.lookups))
      cacheHits += result.cacheHits
      speechUnits += result.speechUnits
      srcOffset += p.text.length + 2
      before += weights[i]!
    }
  }

  async function* encoded(): AsyncGenerator<Uint8Array> {
    try {
      if (input.format === 'wav') {
        const parts: Int16Array[] = []
        for await (const pcm of pcmChunks()) parts.push(pcm)
        const bytes = parts.reduce((n, p) => n + p.byteLength, 0)
        const out = new Uint8Array(44 + bytes)
        out.set(wavHeader(rate, bytes), 0)
        let at = 44
        for (const p of parts) {
          out.set(new Uint8Array(p.buffer, p.byteOffset, p.byteLength), at)
          at += p.byteLength
        }
        yield out
      } else {
        const session = `loa-par-${process.pid}-${Math.random().toString(36).slice(2)}`
        const worker = pool.leastBusy()
        await pool.run(
          'encode-open',
          {
            session,
            settings: { format: 'mp3', sampleRate: rate, bitrate: effectiveBitrate(input.bitrate, rate) },
          },
          { worker },
        )
        let open = true
        try {
          for await (const pcm of pcmChunks()) {
            const copy = pcm.slice()
            const bytes = await pool.run(
              'encode',
              { session, pcm: copy },
              { worker, transfer: [copy.buffer as ArrayBuffer] },
            )
            if (bytes.length > 0) yield bytes
          }
          open = false
          const tail = await pool.run('encode-close', { session, flush: true }, { worker })
          if (tail.length > 0) yield tail
        } finally {
          if (open)
            await pool.run('encode-close', { session, flush: false }, { worker }).catch(() => undefined)
        }
      }
      timeline.durationMs = (samples / rate) * 1000
      bitrate = input.format === 'mp3' ? effectiveBitrate(input.bitrate, rate) : 0
      resolveDone({
        durationMs: timeline.durationMs,
        bitrate,
        timeline,
        cacheHits,
        speechUnits,
        sentences,
      })
    } catch (error) {
      rejectDone(error)
      throw error
    }
  }

  return { audio: encoded(), mimeType: input.format === 'mp3' ? 'audio/mpeg' : 'audio/wav', done }
}
