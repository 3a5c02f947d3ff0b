import type { GlossaryEntry } from '../example.ts'
import { LATER_EXAMPLE, SIGNED_LINK_EXAMPLE, signedLink, UUID_EXAMPLE } from './common.ts'

const REQUEST_STATUS = 'IN_PROGRESS while it renders, then its outcome (SUCCESS, FAILURE or CANCELLED)'

/** Studio synthesis, the Vbee-shaped developer TTS, the demo, the pronunciation dictionary and studio projects. */
export const SYNTHESIS: Record<string, GlossaryEntry> = {
  request_id: { description: 'The synthesis request’s id', example: UUID_EXAMPLE },
  'synthesis:id': { description: 'The request’s id (`request_id`)', example: UUID_EXAMPLE },
  'synthesis:title': {
    description: 'The request’s title (the text’s first 120 characters when none was given)',
    example: 'Bản tin sáng',
  },
  source: { description: 'Where the request came from: STUDIO, API or STREAM', example: 'STUDIO' },
  'synthesis:source': {
    description:
      'Where the requests came from: STUDIO, API, STREAM or ALL (in answers: one of the first three)',
    example: 'STUDIO',
  },
  api_app_id: { description: 'The API app of an API or stream request (null: the studio)', example: null },
  'synthesis:status': { description: `The request’s state: ${REQUEST_STATUS}`, example: 'SUCCESS' },
  'tts:status': { description: `The request’s state: ${REQUEST_STATUS}`, example: 'SUCCESS' },
  'api-apps:status': { description: `The request’s state: ${REQUEST_STATUS}`, example: 'SUCCESS' },
  charged_characters: {
    description:
      'Characters charged (null until it succeeds; sentences reused from the cache are not charged again)',
    example: 47,
  },
  audio_parts: {
    description:
      'MP3 parts published while it renders, to play before the whole file exists (GET /synthesis/{id}/parts/{n}, n from 0; joined in order they are the file; removed once it is final, the count stays)',
    example: 2,
  },
  'synthesis:n': { description: 'Which MP3 part, from 0 (fewer than `audio_parts`)', example: 0 },
  voice_codes: {
    description: 'Every voice of its paragraphs, each once, in the order first used',
    example: ['hn_female_thuha_news'],
  },
  audio_type: {
    description: 'Audio format: mp3 or wav (developer API: also pcm, raw 16-bit mono)',
    example: 'mp3',
  },
  bitrate: {
    description: 'MP3 bitrate in kbps, 8–160 (snapped to one MPEG allows at the sample rate)',
    example: 128,
  },
  sample_rate: { description: 'Sample rate in Hz, 8000–48000 (MP3: an MPEG rate)', example: 22050 },
  speed_rate: { description: 'Speaking rate: 1 is the voice’s natural rate (0.25–1.9)', example: 1 },
  cache_hits: {
    description: 'Sentences reused from the sentence cache (null until it finished)',
    example: 0,
  },
  audio_link: {
    description: 'Signed, expiring link to the audio (null until SUCCESS, or after the API audio retention)',
    example: SIGNED_LINK_EXAMPLE,
  },
  timeline_link: {
    description:
      'Signed, expiring link to the timeline JSON (each sentence’s and word’s times; null until SUCCESS)',
    example: signedLink(`synthesis/${UUID_EXAMPLE}/timeline.json`, `${UUID_EXAMPLE}.timeline.json`),
  },
  links_expire_at: {
    description: 'When the links above stop working (null: no links)',
    example: '2026-11-23T09:00:04.210Z',
  },
  'synthesis:text': {
    description: 'The whole text to read (or give `paragraphs`)',
    example: 'Xin chào các bạn. Hôm nay trời Hà Nội nắng đẹp.',
  },
  paragraphs: { description: 'The text as paragraphs, each with its own voice and speed (or give `text`)' },
  'paragraphs.text': { description: 'The paragraph’s text', example: 'Xin chào các bạn.' },
  'sentences.text': { description: 'The sentence’s text', example: 'Kính chào quý thính giả.' },
  'paragraphs.speed': {
    description: 'Its speaking rate (0.25–1.9; default the request’s `speed`)',
    example: 1,
  },
  pauses: { description: 'Pauses in milliseconds (0–10000); each missing one keeps its default' },
  sentence_ms: { description: 'Pause after a sentence (. ! ? …), ms; default 450', example: 450 },
  major_ms: { description: 'Pause after a major break (; :), ms; default 300', example: 300 },
  medium_ms: { description: 'Pause after a medium break (,), ms; default 250', example: 250 },
  paragraph_ms: { description: 'Pause between paragraphs, ms; default 600', example: 600 },
  dictionary: {
    description: 'The pronunciation entries the request was read with (as they were when it was accepted)',
  },
  cancelled: {
    description: 'true: it was running and is cancelled (its reserved credits released)',
    example: false,
  },
  'synthesis:deleted': { description: 'true: it was finished and is deleted', example: true },
  format: {
    description: 'File kind: mp3, wav (audio), srt, vtt (subtitles) or json (the timeline)',
    example: 'mp3',
  },
  'synthesis:url': { description: 'The signed, expiring download link', example: SIGNED_LINK_EXAMPLE },
  'synthesis:expires_at': { description: 'When the link stops working', example: '2026-11-23T09:00:04.210Z' },
  // Reading preview
  spans: { description: 'The source map: each spoken fragment and where it comes from, in order' },
  'spans.kind': {
    description:
      'What the normalizer read there (word, number, date, time, currency, abbreviation, dictionary…)',
    example: 'number',
  },
  'spans.text': { description: 'How the fragment is read', example: 'mười' },
  'spans.source': { description: 'The fragment as written', example: '10' },
  src_start: { description: 'Where the fragment starts in the text you sent (UTF-16 offset)', example: 7 },
  src_end: { description: 'Where it ends in the text you sent (exclusive)', example: 15 },
  out_start: { description: 'Where its reading starts in the normalized text', example: 7 },
  out_end: { description: 'Where its reading ends in the normalized text (exclusive)', example: 35 },
  doubt: {
    description:
      'Set when the reading is a guess to check first (unknown-acronym: capitals spelled letter by letter; capitalised-word: capitals read as a word; code: a product or model code; date-or-number: a d.m or d-m, or a range of two d/m, read as a date; ambiguous-abbreviation: an abbreviation read by its most common meaning, e.g. ĐT as đội tuyển without a number after it); null when sure. Add a dictionary entry to fix it',
    example: null,
  },
  'synthesis:result.text': {
    description: 'The text: a request’s as sent; the preview’s normalized, as it will be read',
    example: 'Xin chào các bạn. Hôm nay trời Hà Nội nắng đẹp.',
  },
  // Developer TTS, Vbee-shaped (/api/v1/tts)
  app_id: { description: 'The API app’s id', example: '3c8e2f10-6a4b-4d7e-8f92-1b5c0a9e7d34' },
  'tts:app_id': {
    description:
      'The API app’s id (optional; when given it must be the token’s app, else 403 APP_ID_MISMATCH)',
    example: '3c8e2f10-6a4b-4d7e-8f92-1b5c0a9e7d34',
  },
  callback_url: {
    description:
      'Where the result is POSTed when the request finishes (http(s), not a private address; signed with ' +
      '`X-Loa-Signature`); absent: the app’s default callback URL',
    example: 'https://example.com/loa/callback',
  },
  input_text: { description: 'The text to read (or give `sentences`)', example: 'Xin chào các bạn.' },
  sentences: {
    description: 'The text as sentences, each with its own voice and speed (or give `input_text`)',
  },
  response_type: {
    description:
      'Accepted for Vbee compatibility and ignored: the answer is JSON, the result goes to `callback_url`',
    example: 'indirect',
  },
  audio_expired: {
    description:
      'Always false here: once the retention sweep deleted the audio this call answers 410 TTS_AUDIO_EXPIRED instead',
    example: false,
  },
  attempts: { description: 'Every delivery attempt, oldest first' },
  attempt: { description: 'Attempt number, from 1', example: 1 },
  'attempts.url': { description: 'The URL it was POSTed to', example: 'https://example.com/loa/callback' },
  payload: {
    description: 'The JSON body that was POSTed (null: nothing sent yet)',
    example: { request_id: UUID_EXAMPLE, status: 'SUCCESS' },
  },
  status_code: { description: 'The HTTP status your server answered (null: no answer)', example: 200 },
  'attempts.duration_ms': { description: 'How long the delivery took, ms', example: 184 },
  'attempts.created_at': { description: 'When the attempt was made', example: '2026-11-23T08:00:05.102Z' },
  ok: { description: 'Whether your server answered 2xx', example: true },
  error: {
    description: 'Why the delivery failed (timeout, connection…; null when it did not)',
    example: null,
  },
  'tts:result': {
    description: 'SUCCESS (a delivery got 2xx), FAILURE (none did) or PENDING (none tried yet)',
    example: 'SUCCESS',
  },
  'api-apps:result': {
    description: 'SUCCESS (a delivery got 2xx), FAILURE (none did) or PENDING (none tried yet)',
    example: 'SUCCESS',
  },
  'tts:created_at': {
    description: 'When it was created (the callback log: when the last attempt was made)',
    example: LATER_EXAMPLE,
  },
  // Public demo
  'demo:text': { description: 'The text to read (up to 300 characters)', example: 'Xin chào, tôi là Loa.' },
  // Pronunciation dictionary
  entries: { description: 'Your entries, sorted by word' },
  max_entries: { description: 'How many entries a dictionary may hold', example: 500 },
  word: {
    description:
      'The word or phrase as written: matched case-insensitively, except all-capital words (acronyms) which match only in capitals',
    example: 'AI',
  },
  reading: { description: 'How it is read', example: 'ây ai' },
  'pronunciation-dictionary:region': {
    description: 'Only for voices of this region (NORTH, CENTRAL, SOUTH); null or absent: every region',
    example: null,
  },
  'dictionary.region': { description: 'The region it applies to (null: every region)', example: null },
  'pronunciation-dictionary:id': { description: 'The entry’s id', example: UUID_EXAMPLE },
  // Studio projects
  'studio-projects:id': { description: 'The project’s id (UUID)', example: UUID_EXAMPLE },
}
