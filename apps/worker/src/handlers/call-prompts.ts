import { callPromptCallbackJob, callPromptRenderJob } from '@loa/synthesis'
import type { JobHandlerFactory } from '../types.ts'

/** `call-prompts.render` and `call-prompts.callback` (issue 30 §4; the handlers live in @loa/synthesis). */
export const callPromptHandlers: JobHandlerFactory = (deps) => [
  callPromptRenderJob(deps),
  callPromptCallbackJob(deps, {
    allowHosts: deps.config.callbackAllowHosts,
    timeoutMs: deps.config.callbackTimeoutMs,
  }),
]
