import type { GlossaryEntry } from '../example.ts'
import { TIME_EXAMPLE } from './common.ts'

const APP_ID = '3c8e2f10-6a4b-4d7e-8f92-1b5c0a9e7d34'

/** API apps of the developer console and the developer API v1 (camelCase, `/v1/*`). */
export const DEVELOPER: Record<string, GlossaryEntry> = {
  // API apps
  app: { description: 'The app just created or rotated' },
  apps: { description: 'Your apps, revoked ones included' },
  'api-apps:id': { description: 'The API app’s id (`app_id`)', example: APP_ID },
  'api-apps:app_id': { description: 'The API app’s id (send it as `App-Id` to /v1)', example: APP_ID },
  'api-apps:name': { description: 'The app’s name (1–100 characters)', example: 'Website bán hàng' },
  token: {
    description:
      'The app token: opaque `loa_` + 43 URL-safe characters, for `Authorization: Bearer`. Shown in this answer ' +
      'only (Loa keeps a hash); not a JWT',
    example: 'loa_Qm9n8xYtR2vLp0sKd4ZcA7wE1fHjU5iNbT3oGyXeM6r',
  },
  token_prefix: { description: 'The token’s first characters, to recognise it', example: 'loa_Qm9n8x' },
  token_expires_at: {
    description: 'When the token stops working (null: never)',
    example: '2027-02-21T08:00:00.000Z',
  },
  previous_token_expires_at: {
    description: 'Until when the token replaced by the last rotation still works (null: none)',
    example: null,
  },
  expires_in_days: {
    description: 'Token lifetime in days: 7, 30, 60 or 90; null or absent: never expires',
    example: 90,
  },
  'api-apps:callback_url': {
    description:
      'Default callback URL of the app’s requests (http(s), not a private address); null clears it',
    example: 'https://example.com/loa/callback',
  },
  callback_secret: {
    description: 'Secret that signs the app’s callbacks (`X-Loa-Signature: t=…,v1=<HMAC-SHA256 hex>`)',
    example: 'whsec_wAmsN5BejoH3Lsbn87s30UYRBKEBgqvM',
  },
  max_concurrent: { description: 'Requests the app may have running at once (more answer 429)', example: 3 },
  requests_per_minute: {
    description: 'Requests the app may start per minute (more answer 429)',
    example: 60,
  },
  requests_count: { description: 'Requests the app has made', example: 1284 },
  characters_count: { description: 'Characters the app has sent', example: 912345 },
  last_used_at: { description: 'When the token was last used (null: never)', example: TIME_EXAMPLE },
  revoked: { description: 'Whether the app is revoked (its token no longer works)', example: false },
  revoked_at: { description: 'When it was revoked (null: not revoked)', example: null },
  time_zone: { description: 'The time zone of the days', example: 'Asia/Ho_Chi_Minh' },
  'api-apps:from': { description: 'First day (YYYY-MM-DD, inclusive)', example: '2026-10-25' },
  'api-apps:to': { description: 'Last day (YYYY-MM-DD, inclusive; default today)', example: '2026-11-23' },
  'api-apps:days': { description: 'The days ending `to`, when `from` is absent (default 30)', example: '30' },
  'result.days': { description: 'One row per day, zero-filled, oldest first' },
  date: { description: 'The day (YYYY-MM-DD, Asia/Ho_Chi_Minh)', example: '2026-11-23' },
  requests: { description: 'Requests made', example: 42 },
  'api-apps:characters': { description: 'Billable characters of the texts', example: 18340 },
  'api-apps:title': {
    description: 'The request’s title (the text’s first 120 characters)',
    example: 'Kính chào quý thính giả. Sau đây là bản tin thời tiết.',
  },
  'api-apps:charged_characters': {
    description: 'Characters charged (repeated sentences are not charged again)',
    example: 17990,
  },
  totals: { description: 'The sums over the whole range' },
  // Developer API v1
  requestId: { description: 'The request’s id', example: '3f0c2a4e-8d1b-4c52-9a37-5e1f0b6d7c21' },
  voiceCode: { description: 'The voice (a `code` of GET /v1/voices)', example: 'hn_female_thuha_news' },
  mode: {
    description:
      '`sync`: wait for the audio (short texts); `async`: answer at once, result by webhook or polling',
    example: 'async',
  },
  webhookUrl: {
    description:
      'Where the finished request is POSTed (http(s), not a private address; signed with `X-Loa-Signature`)',
    example: 'https://example.com/loa/tts-webhook',
  },
  outputFormat: {
    description: 'mp3, wav or pcm (raw 16-bit signed little-endian mono at `sampleRate`, no header)',
    example: 'mp3',
  },
  sampleRate: { description: 'Sample rate in Hz (8000–48000)', example: 22050 },
  charactersCharged: {
    description: 'Credits charged, once it succeeded (repeated sentences are not charged again)',
    example: 29,
  },
  audioLink: { description: 'Signed link to the audio (null until SUCCESS, or once deleted)', example: null },
  linkExpiresAt: { description: 'When `audioLink` and the timeline links stop working', example: null },
  timeline: { description: 'Signed links to the subtitles and word timings (null until SUCCESS)' },
  srt: { description: 'Subtitles (SRT)', example: 'https://api.loa.vn/api/v1/files/…/subtitles.srt?…' },
  vtt: { description: 'Subtitles (WebVTT)', example: 'https://api.loa.vn/api/v1/files/…/subtitles.vtt?…' },
  words: {
    description: 'Each word’s start and end times (JSON)',
    example: 'https://api.loa.vn/api/v1/files/…/timeline.json?…',
  },
  retainUntil: {
    description: 'When the retention sweep may delete the audio and timeline (days after creation)',
    example: '2026-11-26T08:00:00.000Z',
  },
  audioDeleted: {
    description: 'true once the retention sweep deleted the files (links null, errorCode TTS_AUDIO_EXPIRED)',
    example: false,
  },
  audioDeletedAt: { description: 'When the files were deleted (null: kept)', example: null },
  durationMs: { description: 'Length of the audio in ms (null until known)', example: 2140 },
  errorCode: {
    description: 'Why there is no audio: the render’s code (FAILURE), CANCELLED, or TTS_AUDIO_EXPIRED',
    example: null,
  },
  errorMessage: { description: 'What went wrong, in English (null: nothing)', example: null },
  createdAt: { description: 'When it was created (ISO 8601, UTC)', example: TIME_EXAMPLE },
  finishedAt: { description: 'When it finished (null while it runs)', example: null },
  voices: { description: 'The active voices, by rank' },
  languageCode: { description: 'Language and country (BCP 47)', example: 'vi-VN' },
  engine: { description: '`piper` for the neural voices, `espeak` for the built-in ones', example: 'espeak' },
  sampleAudioLink: { description: 'A short MP3 sample of the voice (null: none)', example: null },
  creditFactor: {
    description: 'Multiplies the characters billed when this voice speaks (1 = as counted)',
    example: 1,
  },
  providerState: {
    description:
      "A provider voice's provider: `available`, or `paused` while it keeps failing (requests fail at once); null for Loa's own voices",
    example: null,
  },
}
