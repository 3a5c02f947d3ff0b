import { defineJobSpec } from '@loa/jobs'
import { z } from 'zod'

/**
 * Job specs of synthesis, shared by the producer (the api enqueues) and the consumer (the worker). The
 * payload is only the request id; everything else is in `app.synthesis_requests`. The job id is the request
 * id, so enqueuing twice never creates two jobs.
 */
export const synthesisJobSpec = defineJobSpec({
  name: 'synthesis.render',
  version: 1,
  schema: z.object({ requestId: z.string().uuid() }),
  retries: 3,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

/** Delivery of a developer API callback; retried with backoff, every attempt recorded. */
export const callbackJobSpec = defineJobSpec({
  name: 'synthesis.callback',
  version: 1,
  schema: z.object({ requestId: z.string().uuid() }),
  retries: 5,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

/** Job id of a request's callback delivery. */
export const callbackJobId = (requestId: string): string => `callback-${requestId}`
