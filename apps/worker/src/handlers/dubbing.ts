import { dubbingJobs } from '@loa/dubbing/server'
import type { JobHandlerFactory } from '../types.ts'

/** `dubbing.render` and `dubbing.callback` (the handlers live in @loa/dubbing with the rest of dubbing). */
export const dubbingHandlers: JobHandlerFactory = (deps) =>
  dubbingJobs({ ...deps, callbackAllowHosts: deps.config.callbackAllowHosts })
