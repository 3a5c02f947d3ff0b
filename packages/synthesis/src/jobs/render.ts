import { Readable } from 'node:stream'
import { app as t, type Database } from '@loa/db'
import { defineJob, type AnyJobDefinition, type JobContext, type JobLogger, type Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import { isTtsError, toSrt, type DictionaryEntry, type PauseSettings } from '@loa/tts'
import { eq } from 'drizzle-orm'
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

const runRender = async (
  deps: { database: Database; storage: Storage; queue: Queue },
  row: RequestRow,
  ctx: JobContext,
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
  await deps.storage.put(
    keys.audio,
    rendered.audio instanceof Uint8Array ? rendered.audio : Readable.from(rendered.audio),
    { contentType: rendered.mimeType },
  )
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
      try {
        rendered = await runRender({ database, storage, queue }, row, ctx)
      } catch (error) {
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
