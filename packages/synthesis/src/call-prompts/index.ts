/** Bulk call prompts (issue 30 §4, the AICall product): scripts, CSV rows, the render job, the ZIP. */
export { parseCsv } from './csv.ts'
export { scriptVariables, VALUE_TYPES, type ScriptVariable, type ValueType } from './template.ts'
export {
  checkRows,
  rowsOfCsv,
  MAX_CALL_PROMPT_ROWS,
  MAX_PROMPT_CHARACTERS,
  RowsInputError,
  type RowProblem,
} from './rows.ts'
export { CALL_PROMPT_FORMATS, DEFAULT_CALL_PROMPT_FORMAT, type CallPromptFormat } from './formats.ts'
export {
  callPromptVoice,
  checkCallPrompts,
  createCallPromptJob,
  ensureCallTrial,
  finishCallPromptJob,
  rowsInvalid,
  type CallPromptJobRow,
  type RowResult,
} from './jobs-table.ts'
export { callPromptPayload, type CallPromptPayload } from './payload.ts'
export { MANIFEST_COLUMNS, MANIFEST_NAME } from './manifest.ts'
export { CALL_PROMPT_PRODUCT, callPromptJobSpec } from './spec.ts'
export { callPromptKeys, callPromptRenderJob, type CallPromptJobDeps } from './job.ts'
export { callPromptCallbackJob } from './callback.ts'
