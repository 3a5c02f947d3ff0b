export { createSynthesisService, type HistoryQuery, type SynthesisService } from './service.ts'
export type { ApiAppRow, CreateOptions, SynthesisSource } from './create.ts'
export type { ReserveRequest, SynthesisDeps } from './deps.ts'
export { SynthesisErrorCode } from './errors.ts'
export { DOWNLOAD_FORMATS, ensureDownload, LINK_TTL_SECONDS, type DownloadFormat } from './files.ts'
export { progressReporter } from './progress.ts'
export {
  paragraphVoiceCodes,
  summaryColumns,
  toSummaryRow,
  type SynthesisRow,
  type SynthesisSummaryRow,
} from './rows.ts'
export { checkLength, validateSynthesis, type SynthesisInput } from './validate.ts'
export { resolveVoices, ttsVoiceFor, type InputParagraph, type StoredParagraph } from './voices.ts'
export type { RenderPlan, SpeechStream, StreamSource } from './stream.ts'
export { WATCH_POLL_MS, watchRequest, type WatchOptions } from './watch.ts'
