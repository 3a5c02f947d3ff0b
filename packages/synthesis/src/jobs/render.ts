import { Readable } from 'node:stream'
import { app as t, type Database } from '@loa/db'
import { defineJob, type AnyJobDefinition, type JobContext, type JobLogger, type Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import { isTtsError, toSrt, type DictionaryEntry, type PauseSettings } from '@loa/tts'
import { and, eq, lt } from 'drizzle-orm'
import { renderAudioType } from '../pcm.ts'
import type { RenderParagraph } from '../render.ts'
import {
  completeRequest,
  failRequest,
  sentenceCacheFor,
  settleFinal,
  synthesisKeys,
  type RequestRow,
} from '../requests.ts'
import { charactersSynthesized, providerErrors } from '../metrics.ts'
import { progressReporter } from '../service/progress.ts'
import { signalRequest } from '../service/signals.ts'
import { audioPartKey, audioPartKeys, publishParts, type PartSink } from './parts.ts'
import { callbackJobId, callbackJobSpec, synthesisJobSpec, type WebhookShape } from '../spec.ts'

/** What the synthesis jobs need from the process that runs them. */
export interface SynthesisJobDeps {
  database: Database
  storage: Storage
  queue: Queue
  logger?: JobLogger
}

/**
 * Errors retrying cannot help: the input's own, and a provider's (its client already retried with back-off, and a
 * provider that keeps failing is paused): the request fails at once with the provider's code, its credits released.
 */
const PERMANENT = new Set([
  'TTS_EMPTY_TEXT',
  'TTS_TEXT_TOO_LONG',
  'TTS_UNKNOWN_VOICE',
  'TTS_INVALID_OPTION',
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_AUTH_FAILED',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_REJECTED',
])

const enqueueCallback = async (queue: Queue, row: RequestRow, webhook?: WebhookShape): Promise<void> => {
  if (row.source !== 'API' || !row.callbackUrl) return
  await queue.enqueue(callbackJobSpec, { requestId: row.id, webhook }, { jobId: callbackJobId(row.id) })
}

/**
 * Where a render publishes its MP3 parts (issue 31): storage, then the row's `audio_parts` and a wake-up for the
 * request's watchers — in this process at once, in others through the job's progress event.
 */
const partSink = (
  deps: { database: Database; storage: Storage; logger?: JobLogger },
  id: string,
  ctx: JobContext,
): PartSink => ({
  put: (n, bytes) => deps.storage.put(audioPartKey(id, n), bytes, { contentType: 'audio/mpeg' }),
  announce: async (count) => {
    const r = t.synthesisRequests
    await deps.database.db
      .update(r)
      .set({ audioParts: count, updatedAt: new Date() })
      .where(and(eq(r.id, id), eq(r.status, 'IN_PROGRESS'), lt(r.audioParts, count)))
    signalRequest(deps.database.db, id)
    await ctx.progress({ audioParts: count }).catch(() => undefined)
  },
  onError: (error) =>
    deps.logger?.warn({ requestId: id, err: String(error) }, 'audio part not stored; parts stop here'),
})

/** The parts of a render, once it is over (the whole file replaces them, or there is no audio at all). */
interface PartsTracker {
  settle?: () => Promise<number>
}

/** Removes the parts this run stored, and those of an earlier run the row counted (a crash mid-render). */
const dropParts = async (storage: Storage, row: RequestRow, parts: PartsTracker): Promise<void> => {
  const count = Math.max((await parts.settle?.()) ?? 0, row.audioParts)
  const id = row.id
  await Promise.all(audioPartKeys(id, count).map((k) => storage.delete(k).catch(() => undefined)))
}

const runRender = async (
  deps: { database: Database; storage: Storage; queue: Queue; logger?: JobLogger },
  row: RequestRow,
  ctx: JobContext,
  parts: PartsTracker,
) => {
  const keys = synthesisKeys(row.id, row.audioType)
  const onProgress = progressReporter(deps.database, row.id, row.progress)
  const rendered = renderAudioType(
    {
      paragraphs: row.paragraphs as RenderParagraph[],
      bitrate: row.bitrate,
      sampleRate: row.sampleRate,
      pauses: (row.pauses ?? undefined) as Partial<PauseSettings> | undefined,
      dictionary: (row.dictionary ?? undefined) as DictionaryEntry[] | undefined,
      cache: sentenceCacheFor(deps.storage),
      signal: ctx.signal,
      onProgress,
    },
    row.audioType,
  )
  // A studio MP3 is published in parts while it renders (the studio plays them), on the first attempt only: a
  // retry's parts would split the stream at other bytes than the parts a listener already has.
  const published =
    row.source === 'STUDIO' &&
    row.audioType === 'mp3' &&
    ctx.attempt === 1 &&
    !(rendered.audio instanceof Uint8Array)
      ? publishParts(rendered.audio, partSink(deps, row.id, ctx))
      : null
  if (published) parts.settle = published.settle
  const audio = published?.audio ?? rendered.audio
  await deps.storage.put(keys.audio, audio instanceof Uint8Array ? audio : Readable.from(audio), {
    contentType: rendered.mimeType,
  })
  const summary = await rendered.done
  await deps.storage.put(keys.timeline, new TextEncoder().encode(JSON.stringify(summary.timeline)), {
    contentType: 'application/json',
  })
  await deps.storage.put(keys.srt, new TextEncoder().encode(toSrt(summary.timeline)), {
    contentType: 'application/x-subrip',
  })
  return { keys, summary }
}

/**
 * `synthesis.render`: renders one request (job id = request id) and settles its credits exactly once.
 * Re-running is harmless: a request already final is only reconciled (settlement, callback); an unfinished
 * one renders again, its sentences coming back from the persistent cache, and the audio is written under a
 * deterministic key. Moving to SUCCESS, recording the paid sentences and charging are one transaction.
 */
export const renderJob = ({ database, storage, queue, logger }: SynthesisJobDeps): AnyJobDefinition =>
  defineJob({
    ...synthesisJobSpec,
    handler: async ({ requestId, webhook }, ctx) => {
      const { db } = database
      const [row] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, requestId))
      if (!row) return { requestId, outcome: 'missing' }
      if (row.status !== 'IN_PROGRESS') {
        await db.transaction((tx) => settleFinal(tx, row))
        await enqueueCallback(queue, row, webhook)
        return { requestId, outcome: row.status }
      }
      let rendered: Awaited<ReturnType<typeof runRender>>
      const parts: PartsTracker = {}
      try {
        rendered = await runRender({ database, storage, queue, logger }, row, ctx, parts)
      } catch (error) {
        await dropParts(storage, row, parts)
        const [now] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, requestId))
        if (now && now.status !== 'IN_PROGRESS') {
          // Cancelled (or finished by another run) while rendering: reconcile, nothing to retry.
          await db.transaction((tx) => settleFinal(tx, now))
          return { requestId, outcome: now.status }
        }
        const code = isTtsError(error) ? error.code : 'SYNTHESIS_FAILED'
        if (isTtsError(error)) providerErrors.inc({ code })
        const message = error instanceof Error ? error.message : String(error)
        if (PERMANENT.has(code) || ctx.attempt >= ctx.maxAttempts) {
          logger?.warn({ requestId, code, err: message }, 'synthesis failed')
          const failed = await failRequest(database, requestId, code, message)
          if (failed) await enqueueCallback(queue, failed, webhook)
          return { requestId, outcome: 'FAILURE' }
        }
        throw error
      }
      const { keys, summary } = rendered
      const final = await completeRequest(database, row, {
        ...summary,
        audioKey: keys.audio,
        timelineKey: keys.timeline,
      })
      await dropParts(storage, row, parts)
      if (!final) {
        // Cancelled while the files were being written: reconcile and drop the files.
        const [now] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, requestId))
        if (now) await db.transaction((tx) => settleFinal(tx, now))
        await Promise.all(Object.values(keys).map((k) => storage.delete(k).catch(() => undefined)))
        return { requestId, outcome: now?.status ?? 'missing' }
      }
      charactersSynthesized.inc({ source: final.source }, final.characters)
      await enqueueCallback(queue, final, webhook)
      return { requestId, outcome: 'SUCCESS', charged: final.chargedCharacters }
    },
  })
