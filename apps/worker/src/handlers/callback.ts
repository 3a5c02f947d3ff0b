import { callbackJob } from '@loa/synthesis'
import type { JobHandlerFactory } from '../types.ts'

/** `synthesis.callback` with this worker's callback policy (the handler lives in @loa/synthesis). */
export const callbackHandlers: JobHandlerFactory = (deps) => [
  callbackJob(deps, { allowHosts: deps.config.callbackAllowHosts, timeoutMs: deps.config.callbackTimeoutMs }),
]
