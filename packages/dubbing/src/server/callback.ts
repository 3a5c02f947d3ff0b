import { app as t } from '@loa/db'
import { defineJob, type AnyJobDefinition } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import { DEFAULT_CALLBACK_POLICY, deliverCallback, type CallbackPolicy } from '@loa/synthesis'
import { eq } from 'drizzle-orm'
import type { DubbingJobDeps } from './jobs.ts'
import type { RenderRow } from './renders.ts'
import { dubbingCallbackJobSpec } from './spec.ts'

const LINK_TTL_SECONDS = 24 * 60 * 60

/** What a finished developer render reports: status, summary and signed links to its files. */
export const dubbingResultPayload = async (row: RenderRow, storage: Storage) => {
  const files = (row.files ?? {}) as Record<string, string | null>
  const links: Record<string, string> = {}
  if (row.status === 'SUCCESS')
    for (const [name, key] of Object.entries(files))
      if (typeof key === 'string' && name !== 'mix_error')
        links[name] = await storage.signedDownloadUrl(key, { expiresInSeconds: LINK_TTL_SECONDS })
  return {
    render_id: row.id,
    project_id: row.projectId,
    app_id: row.apiAppId,
    status: row.status,
    characters: row.characters,
    seconds_charged: row.status === 'SUCCESS' ? row.seconds : 0,
    duration_ms: row.durationMs,
    summary: row.summary ?? null,
    links,
    error_code: row.errorCode ?? files.mix_error ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/**
 * `dubbing.callback`: POSTs a finished developer render to its callback URL, signed with the app's callback
 * secret (the /tts callbacks' SSRF-safe delivery). A failed attempt throws so the queue retries with backoff.
 */
export const dubbingCallbackJob = (
  { database, storage }: Pick<DubbingJobDeps, 'database' | 'storage'>,
  policy: Partial<CallbackPolicy> = {},
): AnyJobDefinition =>
  defineJob({
    ...dubbingCallbackJobSpec,
    handler: async ({ renderId }) => {
      const { db } = database
      const [row] = await db.select().from(t.dubbingRenders).where(eq(t.dubbingRenders.id, renderId))
      if (!row?.callbackUrl || !row.apiAppId || row.status === 'IN_PROGRESS')
        return { renderId, delivered: false }
      const [app] = await db.select().from(t.apiApps).where(eq(t.apiApps.id, row.apiAppId))
      if (!app) return { renderId, delivered: false }
      const attempt = await deliverCallback(
        row.callbackUrl,
        await dubbingResultPayload(row, storage),
        app.callbackSecret,
        {
          ...DEFAULT_CALLBACK_POLICY,
          ...policy,
        },
      )
      if (!attempt.ok)
        throw new Error(`callback delivery failed: ${attempt.error ?? `HTTP ${attempt.statusCode}`}`)
      return { renderId, delivered: true, statusCode: attempt.statusCode }
    },
  })
