import { z } from 'zod'
import { defineJobSpec } from '../src/index.ts'

/** The job both sides of the restart test agree on. */
export const slowJobSpec = defineJobSpec({
  name: 'test.slow-steps',
  version: 1,
  schema: z.object({ steps: z.number().int().positive() }),
  retries: 2,
})
