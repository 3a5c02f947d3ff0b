import { defineJobSpec } from '@loa/jobs'
import { z } from 'zod'

/**
 * The render job, shared by the producer (the api enqueues) and the consumer (the worker). The payload is the
 * render id (also the job id, so enqueuing twice never makes two jobs); everything else is in the render row.
 */
export const dubbingRenderJobSpec = defineJobSpec({
  name: 'dubbing.render',
  version: 1,
  schema: z.object({ renderId: z.string().uuid() }),
  retries: 2,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

/** Delivery of a developer API render's callback. */
export const dubbingCallbackJobSpec = defineJobSpec({
  name: 'dubbing.callback',
  version: 1,
  schema: z.object({ renderId: z.string().uuid() }),
  retries: 5,
  backoff: { type: 'exponential', delayMs: 2_000 },
})

export const dubbingCallbackJobId = (renderId: string): string => `dubbing-callback-${renderId}`

/** The wallet dubbing spends. */
export const DUBBING_PRODUCT = 'aidubbing' as const
