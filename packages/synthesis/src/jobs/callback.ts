import { app as t } from '@loa/db'
import { defineJob, type AnyJobDefinition } from '@loa/jobs'
import { and, eq } from 'drizzle-orm'
import { CALLBACK_LINK_TTL_SECONDS, callbackPayload } from '../callback-payload.ts'
import { DEFAULT_CALLBACK_POLICY, deliverCallback, type CallbackPolicy } from '../callbacks/index.ts'
import { fptCallbackOf } from '../fpt-callback.ts'
import { callbackJobSpec } from '../spec.ts'
import { v1RequestOf } from '../v1-request.ts'
import type { SynthesisJobDeps } from './render.ts'

/**
 * `synthesis.callback`: POSTs a finished API request's result to its callback URL, signed with the app's
 * callback secret: the old (snake_case) body, or for `webhook: "v1"` the request as `GET /v1/tts/requests/{id}`
 * answers it (links valid a day). Every attempt is recorded; a failed attempt throws so the queue retries with backoff.
 * Idempotent: once an attempt succeeded, a re-run does nothing.
 */
export const callbackJob = (
  { database, storage }: SynthesisJobDeps,
  policy: Partial<CallbackPolicy> = {},
): AnyJobDefinition => {
  const effective: CallbackPolicy = { ...DEFAULT_CALLBACK_POLICY, ...policy }
  return defineJob({
    ...callbackJobSpec,
    handler: async ({ requestId, webhook }, ctx) => {
      const { db } = database
      const [row] = await db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, requestId))
      if (!row?.callbackUrl || !row.apiAppId || row.status === 'IN_PROGRESS')
        return { requestId, delivered: false }
      const [done] = await db
        .select({ id: t.synthesisCallbackAttempts.id })
        .from(t.synthesisCallbackAttempts)
        .where(
          and(eq(t.synthesisCallbackAttempts.requestId, requestId), eq(t.synthesisCallbackAttempts.ok, true)),
        )
        .limit(1)
      if (done) return { requestId, delivered: true }
      const [app] = await db.select().from(t.apiApps).where(eq(t.apiApps.id, row.apiAppId))
      if (!app) return { requestId, delivered: false }
      const payload =
        webhook === 'v1'
          ? await v1RequestOf(row, storage, CALLBACK_LINK_TTL_SECONDS)
          : webhook === 'fpt'
            ? await fptCallbackOf(row, storage)
            : await callbackPayload(row, storage)
      const attempt = await deliverCallback(row.callbackUrl, payload, app.callbackSecret, effective)
      await db.insert(t.synthesisCallbackAttempts).values({
        requestId,
        attempt: ctx.attempt,
        url: attempt.url,
        payload: attempt.payload,
        statusCode: attempt.statusCode,
        ok: attempt.ok,
        error: attempt.error,
        responseBody: attempt.responseBody,
        durationMs: Math.max(0, Math.round(attempt.durationMs)),
        attemptedAt: new Date(attempt.attemptedAt),
      })
      if (!attempt.ok) throw new Error(`callback delivery failed: ${attempt.error ?? 'unknown error'}`)
      return { requestId, delivered: true, statusCode: attempt.statusCode }
    },
  })
}
