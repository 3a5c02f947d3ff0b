import { app as t } from '@loa/db'
import { defineJob, type AnyJobDefinition } from '@loa/jobs'
import { eq } from 'drizzle-orm'
import { DEFAULT_CALLBACK_POLICY, deliverCallback, type CallbackPolicy } from '../callbacks/index.ts'
import type { CallPromptJobDeps } from './job.ts'
import { callPromptPayload } from './payload.ts'
import { callPromptCallbackJobSpec } from './spec.ts'

/** `call-prompts.callback`: POSTs a finished API job to its callback URL, signed like the /tts callbacks. */
export const callPromptCallbackJob = (
  { database, storage }: Pick<CallPromptJobDeps, 'database' | 'storage'>,
  policy: Partial<CallbackPolicy> = {},
): AnyJobDefinition =>
  defineJob({
    ...callPromptCallbackJobSpec,
    handler: async ({ jobId }) => {
      const { db } = database
      const [row] = await db.select().from(t.callPromptJobs).where(eq(t.callPromptJobs.id, jobId))
      if (!row?.callbackUrl || !row.apiAppId || row.status === 'IN_PROGRESS')
        return { jobId, delivered: false }
      const [app] = await db.select().from(t.apiApps).where(eq(t.apiApps.id, row.apiAppId))
      if (!app) return { jobId, delivered: false }
      const attempt = await deliverCallback(
        row.callbackUrl,
        await callPromptPayload(row, storage),
        app.callbackSecret,
        {
          ...DEFAULT_CALLBACK_POLICY,
          ...policy,
        },
      )
      if (!attempt.ok)
        throw new Error(`callback delivery failed: ${attempt.error ?? `HTTP ${attempt.statusCode}`}`)
      return { jobId, delivered: true, statusCode: attempt.statusCode }
    },
  })
