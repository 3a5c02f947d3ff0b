/** @loa/dubbing/subtitles — subtitle reading and writing (safe to import from the web: no Node APIs). */
export { parseSubtitles, detectFormat, MAX_CUES } from './parse.ts'
export { decodeSubtitleBytes } from './decode.ts'
export { speechText, speakerOf, speakerName } from './text.ts'
export { parseClock, formatClock } from './timestamps.ts'
export { writeSrt, writeVtt, type TimedText } from './write.ts'
export type { Cue, ParsedSubtitles, ParseNotice, SubtitleFormat, TypesettingRule } from './types.ts'
export { DEFAULT_TYPESETTING } from './types.ts'
export {
  detectLanguage,
  voiceCanRead,
  foreignLines,
  type LineLanguage,
  type ForeignLine,
} from './language.ts'
export { exportText, youtubeCues, MAX_LINE_CHARS, MIN_CUE_MS, MAX_CUE_MS } from './youtube.ts'
