/**
 * @loa/dubbing — the one home of dubbing: subtitles in (SRT, WebVTT, ASS), speech fitted to every line out.
 * Used by the CLI (`loa dub`), the api (preview, projects) and the worker (render jobs).
 */
export * from './subtitles/index.ts'
export { DubbingError, isDubbingError, DUBBING_ERROR_CODES, DUBBING_NOTICE_CODES } from './errors.ts'
export type { DubbingErrorCode, DubbingNoticeCode } from './errors.ts'
export {
  DEFAULT_FIT,
  lineWindows,
  engineSpeedup,
  placeLine,
  charactersToCut,
  type FitSettings,
  type FitAction,
  type LineWindow,
  type Placement,
} from './fit/plan.ts'
export { planTrack, type LineFix, type PlanLine, type PlannedLine } from './fit/retime.ts'
export {
  renderLine,
  synthesizeLine,
  placeSynthesized,
  type SynthesizedLine,
  DUB_PAUSES,
  type DubLine,
  type LineRenderOptions,
  type RenderedLine,
} from './render/line.ts'
export { renderTrack, type RenderedTrack, type TrackRenderOptions } from './render/track.ts'
export { encodeTrack, type TrackFormat } from './render/encode.ts'
export { fitReport, fitReportCsv, type FitReport, type FitReportLine } from './report.ts'
export {
  ffmpegAvailable,
  probeMedia,
  checkMediaCoversCues,
  mixWithOriginal,
  muxVideo,
  DEFAULT_DUCK_DB,
  DEFAULT_TOOLS,
  type FfmpegTools,
  type MediaInfo,
  type MixOptions,
} from './media/ffmpeg.ts'
export { dubSubtitles, type DubOptions, type DubResult, type SpeakerVoices } from './dub.ts'
