import { defineJobSpec } from '@loa/jobs'
import { z } from 'zod'

/**
 * Job specs of synthesis, shared by the producer (the api enqueues) and the consumer (the worker). The
 * payload is the request id (everything else is in `app.synthesis_requests`) and, for a request made through
 * `POST /v1/tts`, `webhook: "v1"`: the render job hands it to the callback job, which then POSTs the v1
 * (camelCase) body instead of the old one. The job id is the request id, so enqueuing twice never creates two.
 */
/**
 * Shape of the webhook body: absent = the old (`/api/v1/tts`, snake_case) one; `fpt` = FPT.AI v5's
 * `{message, success}` (the FPT-shaped door, issue 33).
 */
export const WEBHOOK_SHAPES = ['v1', 'fpt'] as const
export type WebhookShape = (typeof WEBHOOK_SHAPES)[number]

const requestPayload = z.object({ requestId: z.string().uuid(), webhook: z.enum(WEBHOOK_SHAPES).optional() })

export const synthesisJobSpec = defineJobSpec({
  name: 'synthesis.render',
  version: 1,
  schema: requestPayload,
  retries: 3,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

/** Delivery of a developer API callback; retried with backoff, every attempt recorded. */
export const callbackJobSpec = defineJobSpec({
  name: 'synthesis.callback',
  version: 1,
  schema: requestPayload,
  retries: 5,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

/** Job id of a request's callback delivery. */
export const callbackJobId = (requestId: string): string => `callback-${requestId}`
