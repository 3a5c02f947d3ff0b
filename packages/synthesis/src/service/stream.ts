import {
  synthesizeStream,
  TELEPHONY_RENDER_RATE,
  type DictionaryEntry,
  type SynthesisSummary,
  type Timeline,
} from '@loa/tts'
import { trackingCache } from '../cache.ts'
import { PCM_CONTENT_TYPE } from '../pcm.ts'
import { providerAppError } from '../provider-errors.ts'
import { g711MimeOf, telephonyChunks, telephonyTargetOf } from '../telephony.ts'
import { renderSummary, type RenderParagraph } from '../render.ts'
import { completeRequest, failRequest, sentenceCacheFor } from '../requests.ts'
import type { SynthesisDeps } from './deps.ts'
import type { SynthesisRow } from './rows.ts'

/**
 * What a stream speaks: a paid request created with `enqueue: false`, or the free demo's text. `replay` speaks a
 * finished request again (an `Idempotency-Key` retry): the same audio, from the sentence cache, settling nothing.
 */
export type StreamSource =
  { row: SynthesisRow; replay?: boolean } | (RenderParagraph & { row?: undefined; replay?: undefined })

/** Audio leaving as it is rendered; iterating it to the end (or stopping early) settles a paid request. */
export interface SpeechStream {
  /** What the renderer makes (telephone and PCM outputs are converted from its WAV as they come). */
  format: 'mp3' | 'wav'
  /** The content type of `chunks`. */
  mimeType: string
  /** The words' timing (source offsets, ms): resolves after the last chunk, undefined if the stream stopped early. */
  timeline: Promise<Timeline | undefined>
  chunks: AsyncGenerator<Uint8Array>
  /** The paid request (none for the demo). */
  row?: SynthesisRow
}

/** What a stream renders: the text, its voice and output, and the dictionary it reads with. */
export interface RenderPlan {
  text: string
  voiceCode: string
  speed: number
  audioType: string
  bitrate?: number
  sampleRate: number
  dictionary: readonly DictionaryEntry[] | null
}

const planOfRow = (row: SynthesisRow): RenderPlan => {
  const paragraph = (row.paragraphs as RenderParagraph[])[0]!
  return {
    text: row.text,
    voiceCode: paragraph.voiceCode,
    speed: paragraph.speed,
    audioType: row.audioType,
    bitrate: row.bitrate,
    sampleRate: row.sampleRate,
    // A paid request reads with the dictionary snapshotted into its row (the owner's entries).
    dictionary: (row.dictionary as DictionaryEntry[] | null) ?? null,
  }
}

/**
 * Streams one single-voice text as it is rendered (on the tts worker-thread pool): the first bytes leave as soon as
 * the first sentence is encoded. With a request row (the developer API) the credits held for it are charged when the
 * last byte is out, and released when the synthesis fails or the consumer stops early (the client went away). The
 * demo reads mp3 with no dictionary and settles nothing.
 */
export const streamSpeech = (
  deps: Pick<SynthesisDeps, 'database' | 'storage'>,
  source: StreamSource,
): SpeechStream => {
  const { row } = source
  if (!row)
    return render(deps, {
      text: source.text,
      voiceCode: source.voiceCode,
      speed: source.speed,
      audioType: 'mp3',
      sampleRate: 0,
      dictionary: null,
    })
  return { ...render(deps, planOfRow(row), Promise.resolve(row), source.replay), row }
}

/**
 * Starts rendering while the request is still being made (its row, the app's limits, the credit reservation), so
 * the database work and the first sentence's synthesis overlap: the audio waits for the row before its first byte
 * leaves — nothing is heard unpaid — and a refused request stops the render and rejects the chunks with its error.
 * The plan must be what the request will store (the text-in WebSocket resolves the voice and the dictionary once).
 */
export const streamSpeechEarly = (
  deps: Pick<SynthesisDeps, 'database' | 'storage'>,
  pending: Promise<SynthesisRow>,
  plan: RenderPlan,
): SpeechStream => render(deps, plan, pending)

const render = (
  deps: Pick<SynthesisDeps, 'database' | 'storage'>,
  plan: RenderPlan,
  pending?: Promise<SynthesisRow>,
  replay = false,
): SpeechStream => {
  // The consumer may never iterate (the socket closed first): a refused request must not be an unhandled rejection.
  pending?.catch(() => undefined)
  const { audioType } = plan
  const format = audioType === 'mp3' ? 'mp3' : 'wav'
  // Telephone outputs render at 16 kHz and are band-limited; raw PCM is the WAV stream without its header.
  const target =
    telephonyTargetOf(audioType, plan.sampleRate) ??
    (audioType === 'pcm' ? { codec: 'pcm' as const, sampleRate: plan.sampleRate, wav: false } : undefined)
  const abort = new AbortController()
  const tracked = deps.storage ? trackingCache(sentenceCacheFor(deps.storage)) : undefined
  const stream = synthesizeStream({
    text: plan.text,
    voice: plan.voiceCode,
    speed: plan.speed,
    format,
    bitrate: plan.bitrate,
    sampleRate: target?.sampleRate === 8000 ? TELEPHONY_RENDER_RATE : plan.sampleRate || undefined,
    dictionary: (plan.dictionary ?? undefined) as DictionaryEntry[] | undefined,
    cache: tracked?.cache,
    signal: abort.signal,
  })
  const settle = async (
    row: SynthesisRow | undefined,
    summary: SynthesisSummary | undefined,
    error?: unknown,
  ) => {
    if (!row || replay) return
    if (summary)
      await completeRequest(deps.database, row, {
        audioKey: null,
        timelineKey: null,
        ...renderSummary(summary, tracked?.lookups ?? []),
      })
    else
      await failRequest(
        deps.database,
        row.id,
        // A provider voice's failure keeps its code (PROVIDER_*); anything else ended the stream early.
        providerAppError(error)?.code ?? 'STREAM_ABORTED',
        error instanceof Error ? error.message : 'the client closed the stream',
      )
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let finished = false
    let row: SynthesisRow | undefined
    try {
      row = await pending
      for await (const chunk of target ? telephonyChunks(stream, target) : stream) yield chunk
      finished = true
      await settle(row, await stream.summary)
    } catch (error) {
      finished = true
      abort.abort()
      await settle(row, undefined, error).catch(() => undefined)
      throw error
    } finally {
      if (!finished) {
        abort.abort()
        await settle(row, undefined).catch(() => undefined)
      }
    }
  }
  const mimeType =
    g711MimeOf(audioType) ??
    (audioType === 'pcm' ? PCM_CONTENT_TYPE : format === 'mp3' ? 'audio/mpeg' : 'audio/wav')
  const timeline = stream.summary.then(
    (summary) => summary.timeline,
    () => undefined,
  )
  return { format, mimeType, chunks: chunks(), timeline }
}
