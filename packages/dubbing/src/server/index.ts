/** @loa/dubbing/server — what the api and the worker share: job specs, projects, renders and their credits. */
export {
  dubbingRenderJobSpec,
  dubbingCallbackJobSpec,
  dubbingCallbackJobId,
  DUBBING_PRODUCT,
} from './spec.ts'
export {
  importCues,
  projectLines,
  projectSpeakers,
  renderInputOf,
  billableCharacters,
  type RenderInput,
  type RenderInputLine,
} from './projects.ts'
export {
  startRender,
  finishRender,
  writeProgress,
  watchRender,
  type RenderRow,
  type RenderOutcome,
  type StartRender,
} from './renders.ts'
export { billableSeconds, renderCreditFactor } from './billing.ts'
export { runRender, renderKeys, type RenderFiles, type RunRenderOptions } from './run.ts'
export { dubbingJobs, type DubbingJobDeps } from './jobs.ts'
export { dubbingCallbackJob, dubbingResultPayload } from './callback.ts'
export { fetchSubtitleUrl, SUBTITLE_URL_MAX_BYTES } from './fetch-subtitles.ts'
export { userProjectSummaries, type ProjectSummary } from './summaries.ts'
