import { Readable } from 'node:stream'
import type { Database } from '@loa/db'
import type { Storage } from '@loa/storage'
import { synthesizeStream, type DictionaryEntry, type SynthesisSummary } from '@loa/tts'
import {
  completeRequest,
  failRequest,
  sentenceCacheFor,
  sentenceCosts,
  trackingCache,
  type SynthesisRow,
} from '@loa/synthesis'
import type { FastifyReply } from 'fastify'

/**
 * Streams one single-voice text as it is rendered (on the tts worker-thread pool): the first bytes leave as
 * soon as the first sentence is encoded. With a request row (developer API) the credits held for it are
 * charged when the last byte is out and released when the synthesis fails or the client goes away.
 */
export const streamSpeech = (
  reply: FastifyReply,
  options: {
    text: string
    voice: string
    speed: number
    format: 'mp3' | 'wav'
    bitrate?: number
    sampleRate?: number
    storage?: Storage
    /** The request being paid for (none for the free demo). */
    row?: SynthesisRow
    database?: Pick<Database, 'db'>
  },
): FastifyReply => {
  const abort = new AbortController()
  const tracked = options.storage ? trackingCache(sentenceCacheFor(options.storage)) : undefined
  const stream = synthesizeStream({
    text: options.text,
    voice: options.voice,
    speed: options.speed,
    format: options.format,
    bitrate: options.bitrate,
    sampleRate: options.sampleRate,
    // A paid request reads with the dictionary snapshotted into its row (the owner's entries).
    dictionary: (options.row?.dictionary ?? undefined) as DictionaryEntry[] | undefined,
    cache: tracked?.cache,
    signal: abort.signal,
  })
  const { row, database } = options
  const settle = async (summary: SynthesisSummary | undefined, error?: unknown) => {
    if (!row || !database) return
    if (summary)
      await completeRequest(database, row, {
        audioKey: null,
        timelineKey: null,
        durationMs: summary.durationMs,
        bitrate: summary.bitrate,
        cacheHits: summary.cacheHits,
        speechUnits: summary.speechUnits,
        sentences: sentenceCosts(summary.timeline, tracked?.lookups ?? []),
      })
    else
      await failRequest(
        database,
        row.id,
        'STREAM_ABORTED',
        error instanceof Error ? error.message : 'the client closed the stream',
      )
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let finished = false
    try {
      for await (const chunk of stream) yield chunk
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
  reply
    .header('content-type', options.format === 'mp3' ? 'audio/mpeg' : 'audio/wav')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
  if (row) reply.header('x-request-id-synthesis', row.id).header('x-characters', String(row.characters))
  return reply.send(Readable.from(chunks(), { objectMode: false }))
}
