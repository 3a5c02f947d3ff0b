import type { GlossaryEntry } from '../example.ts'

export const UUID_EXAMPLE = '5b0e6c1e-2f4a-4c39-9a57-0d8f3f7c9b21'
export const TIME_EXAMPLE = '2026-11-23T08:00:00.000Z'
export const LATER_EXAMPLE = '2026-11-23T08:00:04.210Z'
/** A signed file link as local storage makes them (`op`, `exp` in Unix seconds, `fn` the download name, `sig`). */
export const signedLink = (path: string, fileName?: string) =>
  `https://api.loa.vn/api/v1/files/${path}?op=get&exp=1795424404${fileName ? `&fn=${fileName}` : ''}` +
  '&sig=Yk3d9QhT0uVw2xZr5aBcDeFgHiJkLmNoPqRsTuVwXy4'
export const SIGNED_LINK_EXAMPLE = signedLink(`synthesis/${UUID_EXAMPLE}/audio.mp3`, `${UUID_EXAMPLE}.mp3`)

/** The answer envelope, paging, identifiers and times: names that mean the same thing on every route. */
export const COMMON: Record<string, GlossaryEntry> = {
  offset: { description: 'Items to skip (paging)', example: 0 },
  limit: { description: 'Items per page', example: 20 },
  total: { description: 'How many items match in all (not only this page)', example: 1 },
  items: { description: 'The items of this page, in the order the operation states' },
  id: { description: 'The id of the item', example: UUID_EXAMPLE },
  created_at: { description: 'When it was created (ISO 8601, UTC)', example: TIME_EXAMPLE },
  updated_at: { description: 'When it was last changed (ISO 8601, UTC)', example: LATER_EXAMPLE },
  finished_at: {
    description: 'When it finished (success, failure or cancel); null while it runs',
    example: LATER_EXAMPLE,
  },
  starts_at: {
    description: 'Shown from this time on (null: no start limit)',
    example: '2026-11-01T00:00:00.000Z',
  },
  ends_at: { description: 'Shown until this time (null: no end)', example: '2026-12-31T16:59:59.000Z' },
  expires_at: { description: 'When it expires (ISO 8601, UTC)', example: '2026-12-23T08:00:00.000Z' },
  active: { description: 'Whether it is live (inactive items are hidden from customers)', example: true },
  rank: { description: 'Display order: lower comes first', example: 1 },
  code: {
    description: 'The code that identifies it (stable, used in URLs and references)',
    example: 'loa-code',
  },
  name: { description: 'Its display name', example: 'Loa' },
  title: { description: 'Its title', example: 'Bản tin sáng' },
  description: { description: 'Its description (Vietnamese; see `translations` for other languages)' },
  translations: {
    description: 'The texts in other languages, field by field (the plain fields are Vietnamese)',
    example: {},
  },
  en: { description: 'The English texts (a field missing here falls back to the Vietnamese one)' },
  locale: { description: 'Language of the texts: `vi` or `en`', example: 'vi' },
  deleted: { description: 'true: it is deleted', example: true },
  reason: { description: 'Why (kept in the audit trail)', example: 'Khách hàng yêu cầu qua hotline' },
  email: { description: 'An e-mail address', example: 'khach.hang@example.vn' },
  url: { description: 'The link', example: 'https://loa.vn' },
  key: {
    description: 'The storage key of the uploaded file (send it back to attach the file)',
    example: 'dubbing-uploads/u-N2QxYzllMDItNWI4YS00ZjNlLTljNjEtMmE0YjhkMGU2ZjEz/9c1e5a7b3d2f4e6a8b.srt',
  },
  method: { description: 'The HTTP method to use', example: 'PUT' },
  headers: {
    description: 'HTTP headers to send with the upload, as given',
    example: { 'content-type': 'application/x-subrip' },
  },
  max_bytes: { description: 'Largest file the URL accepts, in bytes', example: 52428800 },
  expires_in: { description: 'Seconds until it expires', example: 900 },
  content_type: { description: 'The content type the upload must be sent with', example: 'image/png' },
  size: { description: 'Size of the file to upload, in bytes', example: 48213 },
  extension: { description: 'The file extension (without the dot)', example: 'png' },
  error_code: {
    description: 'The error code when it failed (see the error list in the docs); null otherwise',
    example: null,
  },
  error_message: { description: 'What went wrong, in English; null unless it failed', example: null },
  region: {
    description: 'Vietnamese region of the accent: NORTH, CENTRAL or SOUTH',
    example: 'NORTH',
  },
  gender: { description: 'MALE, FEMALE or OTHER', example: 'FEMALE' },
  language_code: { description: 'Language and country (BCP 47)', example: 'vi-VN' },
  voice_code: {
    description: 'The voice (a `code` of GET /api/v1/voices)',
    example: 'hn_female_thuha_news',
  },
  speed: { description: 'Speaking rate: 1 is the voice’s natural rate (0.25–1.9)', example: 1 },
  duration_ms: { description: 'Length of the audio in milliseconds (null until known)', example: 4210 },
  characters: {
    description: 'Billable characters of the text (pause tags left out, whitespace runs counted once)',
    example: 47,
  },
  progress: { description: 'Progress in percent, 0–100', example: 100 },
  text: { description: 'The text', example: 'Xin chào các bạn. Hôm nay trời Hà Nội nắng đẹp.' },
  q: { description: 'Search text (matched anywhere, case-insensitive)', example: 'bản tin' },
  from: { description: 'First day (YYYY-MM-DD, inclusive)', example: '2026-11-01' },
  to: { description: 'Last day (YYYY-MM-DD, inclusive)', example: '2026-11-23' },
  days: { description: 'How many days ending `to`', example: '30' },
  product: {
    description:
      'The product and its wallet: `aivoice` (studio), `aivoiceapi` (developer API), `aidubbing` (dubbing)',
    example: 'aivoice',
  },
  '*': {
    description: 'The stored file’s key, then the signed query the link came with (`op`, `exp`, `fn`, `sig`)',
    example: 'synthesis/5b0e6c1e-2f4a-4c39-9a57-0d8f3f7c9b21/audio.mp3',
  },
  access_token: {
    description:
      'The bearer token, for clients that cannot send an Authorization header (EventSource); the header wins',
  },
  idempotency_key: {
    description:
      'Your key for this action: sending the same key again does nothing new and answers as the first time',
    example: 'adjust-2026-11-23-0001',
  },
  note: { description: 'A note kept with the change in the audit trail', example: 'Đã gọi lại cho khách' },
}
