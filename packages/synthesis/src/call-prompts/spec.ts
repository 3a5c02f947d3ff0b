import { defineJobSpec } from '@loa/jobs'
import { z } from 'zod'

/** The render job (job id = the job row's id, so enqueuing twice never makes two jobs). */
export const callPromptJobSpec = defineJobSpec({
  name: 'call-prompts.render',
  version: 1,
  schema: z.object({ jobId: z.string().uuid() }),
  retries: 2,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

/** Delivery of an API job's signed callback. */
export const callPromptCallbackJobSpec = defineJobSpec({
  name: 'call-prompts.callback',
  version: 1,
  schema: z.object({ jobId: z.string().uuid() }),
  retries: 5,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

export const callPromptCallbackJobId = (jobId: string): string => `call-prompts-callback-${jobId}`

/** The wallet call prompts spend (characters × the voice's credit factor). */
export const CALL_PROMPT_PRODUCT = 'aicall' as const
/** The trial every profile receives for it (at sign-up, or on first use for profiles made before it existed). */
export const CALL_TRIAL_PACKAGE = 'CALL-TRIAL'
