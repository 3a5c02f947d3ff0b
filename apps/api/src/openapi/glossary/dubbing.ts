import type { GlossaryEntry } from '../example.ts'
import { UUID_EXAMPLE } from './common.ts'

const PROJECT_ID = '8a4f2c6e-1d3b-4e5f-9a7c-0b2d4f6e8a1c'
const RENDER_ID = 'c2e4a6f8-0b1d-4c3e-8f5a-7b9d1e3f5a7c'

/** Dubbing projects, lines, speakers, renders, uploads and the developer dubbing API. */
export const DUBBING: Record<string, GlossaryEntry> = {
  'dubbing:id': { description: 'The id of the project, line, speaker or render (UUID)', example: PROJECT_ID },
  lineId: { description: 'The line’s id', example: UUID_EXAMPLE },
  project_id: { description: 'The dubbing project’s id', example: PROJECT_ID },
  render_id: { description: 'The render’s id', example: RENDER_ID },
  'dubbing:name': { description: 'The project’s (or speaker’s) name', example: 'Phim ngắn tập 1' },
  'speakers.name': { description: 'The speaker’s name as the subtitles write it', example: 'LAN' },
  subtitle_format: { description: 'Format the subtitles came in: srt, vtt or ass', example: 'srt' },
  subtitle_text: {
    description: 'The subtitle file’s text (SRT, WebVTT or ASS)',
    example: '1\n00:00:01,000 --> 00:00:03,000\nLAN: Xin chào!\n',
  },
  subtitle_key: {
    description: 'Or: the `key` of a subtitle file uploaded with GET /dubbing/upload-url',
    example: 'dubbing-uploads/u-N2QxYzllMDItNWI4YS00ZjNlLTljNjEtMmE0YjhkMGU2ZjEz/9c1e5a7b3d2f4e6a8b.srt',
  },
  subtitle_url: {
    description: 'Or: an http(s) URL to fetch the subtitles from (not a private address)',
    example: 'https://example.com/phim.srt',
  },
  'dubbing:voice_code': {
    description: 'The voice of lines whose speaker has none',
    example: 'hn_female_thuha_news',
  },
  'speakers.voice_code': { description: 'The speaker’s voice', example: 'sg_male_hoangphuc_film' },
  'dubbing:speed': { description: 'Speaking rate, 0.5–1.5 (1: natural)', example: 1 },
  duck_db: {
    description: 'Level of the original audio under the dub in the mix, in dB (−60–0)',
    example: -15,
  },
  mute_original: { description: 'Whether the mix leaves out the original audio', example: false },
  media: { description: 'The attached source media (null: none)' },
  'media.kind': { description: 'video or audio', example: 'video' },
  'media.duration_ms': { description: 'Its length in ms (null: not measured)', example: 95000 },
  'dubbing:kind': { description: 'What the file is: subtitle or media', example: 'media' },
  notices: {
    description: 'What the subtitle reader tolerated at import (reordered or overlapping cues…)',
    example: [],
  },
  'notices.code': {
    description:
      'DUBBING_MISSING_BLANK_LINE, DUBBING_CUES_REORDERED, DUBBING_CUES_OVERLAP, DUBBING_EMPTY_CUE_SKIPPED, ' +
      'DUBBING_UNSPEAKABLE_CUE_SKIPPED, DUBBING_ZERO_LENGTH_CUE_SKIPPED, DUBBING_TYPESETTING_SKIPPED, ' +
      'DUBBING_DUPLICATE_CUE_MERGED or DUBBING_CREDIT_LINE',
    example: 'DUBBING_CUES_OVERLAP',
  },
  line: { description: 'Line of the subtitle file it is about (from 1)', example: 12 },
  cue: { description: 'Number of the cue in the subtitle file, in file order (from 1)', example: 4 },
  'notices.message': { description: 'What happened, in English', example: 'cue 4 overlaps cue 3' },
  lines: { description: 'The subtitle lines in time order' },
  index: { description: 'Position of the line, from 1', example: 1 },
  start_ms: { description: 'When the line starts, ms from the beginning', example: 1000 },
  end_ms: { description: 'When it ends, ms (after start_ms)', example: 3000 },
  speaker: { description: 'The speaker (one of `speakers`; null: none)', example: 'LAN' },
  'lines.text': {
    description: 'The text as written (styling kept for the exports)',
    example: 'LAN: Xin chào!',
  },
  'dubbing:text': { description: 'The line’s text', example: 'Xin chào!' },
  speech: {
    description: 'The words spoken: markup, speaker prefix and dashes removed',
    example: 'Xin chào!',
  },
  source_line: { description: 'Line of the uploaded file it came from (null: added by hand)', example: 3 },
  fit: {
    description:
      'How the line was placed in its last render (action, placed times, speed…; null: not rendered)',
    example: null,
  },
  fix: {
    description:
      "The user's fix of a line that did not fit (null: none); a render with an unresolved line is held (DUBBING_UNRESOLVED_LINES) until each is fixed or accepted",
    example: null,
  },
  max_speedup: {
    description: "This line's own highest total speed-up (1–3; default 1.5)",
    example: 1.8,
  },
  borrow_next_gap: {
    description: 'The line may run through the whole silence up to the next line (not only 1 s)',
    example: true,
  },
  accept_overrun: {
    description: 'Accept that the line is cut at its limit (action accepted-overrun)',
    example: false,
  },
  speakers: { description: 'The speakers with their voice and speed' },
  last_render: { description: 'The latest render (null: never rendered)' },
  'lines.language': {
    description:
      "The language of the line's speech as detected (vi, en, zh, ja, ko, ar, ru, th, he; latin: another Latin-script language; other: another script; none: no letters)",
    example: 'vi',
  },
  voice_reads_language: {
    description:
      "Whether the line's voice can read that language (false: the studio warns — give the speaker a voice of that language, or translate the line)",
    example: true,
  },
  'dubbing:credit_factor': {
    description:
      'The voice credit factor a render of the whole project bills with: the highest among its voices (seconds charged = span × factor, rounded up)',
    example: 1,
  },
  'dubbing:status': {
    description: 'IN_PROGRESS while it renders, then SUCCESS, FAILURE or CANCELLED',
    example: 'SUCCESS',
  },
  'dubbing:characters': {
    description: 'Characters of the lines rendered (what DUBBING credits are reserved for)',
    example: 240,
  },
  line_id: { description: 'The line a regeneration was for (null: the whole project)', example: null },
  'dubbing:duration_ms': { description: 'Length of the dub in ms (null until rendered)', example: 95000 },
  'dubbing:summary': { description: 'The fit summary (null until rendered)' },
  'summary.lines': { description: 'Lines rendered', example: 24 },
  fitted: { description: 'Lines that fit their slot', example: 23 },
  'dubbing:unresolved': {
    description:
      'Lines that cannot fit and were not accepted (the render is then held: DUBBING_UNRESOLVED_LINES)',
    example: 0,
  },
  accepted_overrun: { description: 'Lines cut at their limit because the user accepted it', example: 0 },
  retimed: { description: 'Lines moved later to make room for the line before them', example: 1 },
  flagged: {
    description: 'Lines that cannot fit (unresolved, or cut at their limit when accepted)',
    example: 1,
  },
  files: {
    description:
      'The files ready to download: track_mp3, track_wav, mix_mp3, video_mp4, srt, vtt, report_json, report_csv',
    example: ['track_mp3', 'track_wav', 'srt', 'vtt', 'report_json', 'report_csv'],
  },
  'dubbing:file': {
    description: 'Which file: track_mp3, track_wav, mix_mp3, video_mp4, srt, vtt, report_json or report_csv',
    example: 'track_mp3',
  },
  'dubbing:expires_at': { description: 'When the link stops working', example: '2026-11-23T09:05:06.000Z' },
  'dubbing:max_bytes': {
    description: 'Largest file the URL accepts: 5 MiB for subtitles, 200 MiB for media',
    example: 209715200,
  },
  'dubbing:expires_in': { description: 'Seconds the upload URL stays valid (30 minutes)', example: 1800 },
  mix_error: {
    description: 'Why the mix or video could not be made (null: made or not asked)',
    example: null,
  },
  links: {
    description: 'Signed, expiring links by file name (track_mp3, srt, report_json…)',
    example: { track_mp3: 'https://api.loa.vn/api/v1/files/dubbing/…/track.mp3?expires=…&signature=…' },
  },
  'dubbing:url': {
    description: 'The signed, expiring link',
    example: 'https://api.loa.vn/api/v1/files/dubbing/…?expires=…&signature=…',
  },
  'dubbing:app_id': { description: 'The API app of a developer render (null: the studio)', example: null },
  'dubbing:callback_url': {
    description:
      'Where the finished render is POSTed (http(s), not a private address; signed with `X-Loa-Signature`)',
    example: 'https://example.com/loa/dubbing-callback',
  },
}
