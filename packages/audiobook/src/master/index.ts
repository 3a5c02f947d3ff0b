export { DEFAULT_TOOLS, ffmpegAvailable, durationMsOf, type FfmpegTools } from './ffmpeg.ts'
export { masterChapter, loudnessFor, MASTER_SAMPLE_RATE } from './master.ts'
export { measureAudio, parseFigures, type AudioFigures } from './measure.ts'
export {
  AUDIOBOOK_STANDARD,
  MASTERING_TARGET,
  ROOM_TONE,
  complianceOf,
  type ComplianceCheck,
  type ComplianceReport,
} from './standard.ts'
