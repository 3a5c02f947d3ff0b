import { renderJob } from '@loa/synthesis'
import type { JobHandlerFactory } from '../types.ts'

/** `synthesis.render` (the handler lives in @loa/synthesis with the rest of the domain). */
export const synthesisHandlers: JobHandlerFactory = (deps) => [renderJob(deps)]
