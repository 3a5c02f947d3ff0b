import type { AnyJobDefinition } from '@loa/jobs'
import type { CallbackPolicy } from '../callbacks/index.ts'
import { callPromptCallbackJob, callPromptRenderJob } from '../call-prompts/index.ts'
import { callbackJob } from './callback.ts'
import { renderJob, type SynthesisJobDeps } from './render.ts'

export { callbackJob, renderJob, type SynthesisJobDeps }

/**
 * The synthesis jobs with their handlers, for whichever process runs jobs: render and callback of a request, and
 * the bulk call-prompt render and callback (issue 30 §4).
 */
export const synthesisJobs = (
  deps: SynthesisJobDeps & { callbackPolicy?: Partial<CallbackPolicy> },
): AnyJobDefinition[] => [
  renderJob(deps),
  callbackJob(deps, deps.callbackPolicy),
  callPromptRenderJob(deps),
  callPromptCallbackJob(deps, deps.callbackPolicy),
]
