import { dubbingJobs } from '@loa/dubbing/server'
import type { JobHandlerFactory } from '../types.ts'

/** `dubbing.render` (the handler lives in @loa/dubbing with the rest of dubbing). */
export const dubbingHandlers: JobHandlerFactory = (deps) => dubbingJobs(deps)
