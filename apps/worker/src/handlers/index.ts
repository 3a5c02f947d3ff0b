import type { JobHandlerFactory } from '../types.ts'
import { callbackHandlers } from './callback.ts'
import { callPromptHandlers } from './call-prompts.ts'
import { dubbingHandlers } from './dubbing.ts'
import { probeHandlers } from './probe.ts'
import { synthesisHandlers } from './synthesis.ts'

/**
 * Every job handler module of the worker. Add yours here (one module per concern, e.g. synthesis,
 * dubbing, callbacks): a `JobHandlerFactory` returning `defineJob(...)` definitions.
 */
export const JOB_HANDLERS: JobHandlerFactory[] = [
  probeHandlers,
  synthesisHandlers,
  callbackHandlers,
  dubbingHandlers,
  callPromptHandlers,
]
