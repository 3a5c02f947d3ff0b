import type { AnyJobDefinition } from '@loa/jobs'
import type { CallbackPolicy } from '../callbacks/index.ts'
import { callbackJob } from './callback.ts'
import { renderJob, type SynthesisJobDeps } from './render.ts'

export { callbackJob, renderJob, type SynthesisJobDeps }

/** The synthesis jobs (render, callback) with their handlers, for whichever process runs jobs. */
export const synthesisJobs = (
  deps: SynthesisJobDeps & { callbackPolicy?: Partial<CallbackPolicy> },
): AnyJobDefinition[] => [renderJob(deps), callbackJob(deps, deps.callbackPolicy)]
