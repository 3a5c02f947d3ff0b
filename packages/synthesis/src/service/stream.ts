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
  const paragraph = row ? (row.paragraphs as RenderParagraph[])[0]! : source
  const audioType = row?.audioType ?? 'mp3'
  const format = audioType === 'mp3' ? 'mp3' : 'wav'
  // Telephone outputs render at 16 kHz and are band-limited; raw PCM is the WAV stream without its header.
  const target =
    telephonyTargetOf(audioType, row?.sampleRate ?? 0) ??
    (audioType === 'pcm' ? { codec: 'pcm' as const, sampleRate: row!.sampleRate, wav: false } : undefined)
  const abort = new AbortController()
  const tracked = deps.storage ? trackingCache(sentenceCacheFor(deps.storage)) : undefined
  const stream = synthesizeStream({
    text: row ? row.text : source.text,
    voice: paragraph.voiceCode,
    speed: paragraph.speed,
    format,
    bitrate: row?.bitrate,
    sampleRate: target?.sampleRate === 8000 ? TELEPHONY_RENDER_RATE : row?.sampleRate,
    // A paid request reads with the dictionary snapshotted into its row (the owner's entries).
    dictionary: (row?.dictionary ?? undefined) as DictionaryEntry[] | undefined,
    cache: tracked?.cache,
    signal: abort.signal,
  })
  const settle = async (summary: SynthesisSummary | undefined, error?: unknown) => {
    if (!row || source.replay) return
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
    try {
      for await (const chunk of target ? telephonyChunks(stream, target) : stream) yield chunk
      finished = true
      await settle(await stream.summary)
    } catch (error) {
      finished = true
      await settle(undefined, error).catch(() => undefined)
      throw error
    } finally {
      if (!finished) {
        abort.abort()
        await settle(undefined).catch(() => undefined)
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
  return { format, mimeType, chunks: chunks(), row, timeline }
}
