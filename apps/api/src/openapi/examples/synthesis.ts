import { signedLink, TIME_EXAMPLE, UUID_EXAMPLE } from '../glossary/common.ts'
import type { HandExample } from './types.ts'

const APP_ID = '3c8e2f10-6a4b-4d7e-8f92-1b5c0a9e7d34'
const AUDIO = signedLink(`synthesis/${UUID_EXAMPLE}/audio.mp3`, `${UUID_EXAMPLE}.mp3`)
const TIMELINE = signedLink(`synthesis/${UUID_EXAMPLE}/timeline.json`, `${UUID_EXAMPLE}.timeline.json`)

/** Two paragraphs, two voices: 17 + 1 + 29 = 47 billable characters (the blank line counts once). */
const PARAGRAPHS = [
  { text: 'Xin chào các bạn.', voice_code: 'hn_female_thuha_news', speed: 1 },
  { text: 'Hôm nay trời Hà Nội nắng đẹp.', voice_code: 'hn_male_quanganh_news', speed: 1.1 },
]

/** A studio request as POST /synthesis answers it: accepted, credits reserved, nothing rendered yet. */
const accepted = {
  request_id: UUID_EXAMPLE,
  title: 'Bản tin sáng',
  source: 'STUDIO',
  api_app_id: null,
  status: 'IN_PROGRESS',
  progress: 0,
  audio_parts: 0,
  characters: 47,
  charged_characters: null,
  voice_code: 'hn_female_thuha_news',
  voice_codes: ['hn_female_thuha_news', 'hn_male_quanganh_news'],
  audio_type: 'mp3',
  bitrate: 128,
  sample_rate: 22050,
  speed_rate: 1,
  duration_ms: null,
  cache_hits: null,
  error_code: null,
  error_message: null,
  created_at: TIME_EXAMPLE,
  finished_at: null,
  audio_link: null,
  timeline_link: null,
  links_expire_at: null,
}

/** The same request once rendered (links valid one hour). */
const done = {
  ...accepted,
  status: 'SUCCESS',
  progress: 100,
  audio_parts: 2,
  charged_characters: 47,
  duration_ms: 4210,
  cache_hits: 0,
  finished_at: '2026-11-23T08:00:04.210Z',
  audio_link: AUDIO,
  timeline_link: TIMELINE,
  links_expire_at: '2026-11-23T09:00:04.210Z',
}

/** The text the preview example reads, and what the normalizer makes of it (northern voice, no dictionary). */
const PREVIEW_TEXT = 'Giá vé 150.000đ, áp dụng từ 23/11/2026.'
const span = (kind: string, text: string, source: string, src: [number, number], out: [number, number]) => ({
  kind,
  text,
  source,
  src_start: src[0],
  src_end: src[1],
  out_start: out[0],
  out_end: out[1],
  doubt: null,
})

/** A developer request's Vbee fields (54 billable characters), as POST /tts and GET /tts/{id} answer them. */
const VBEE_FIELDS = {
  app_id: APP_ID,
  request_id: UUID_EXAMPLE,
  characters: 54,
  voice_code: 'hn_female_thuha_news',
  audio_type: 'mp3',
  speed_rate: 1,
  bitrate: 128,
  sample_rate: 22050,
  created_at: TIME_EXAMPLE,
}

/** Studio synthesis and the Vbee-shaped developer TTS. */
export const SYNTHESIS_EXAMPLES: Record<string, HandExample> = {
  'POST /api/v1/synthesis': {
    request: {
      title: 'Bản tin sáng',
      paragraphs: PARAGRAPHS,
      pauses: { sentence_ms: 450, paragraph_ms: 800 },
      audio_type: 'mp3',
      bitrate: 128,
      sample_rate: 22050,
    },
    response: accepted,
  },
  'GET /api/v1/synthesis': { response: { total: 1, items: [done] } },
  'GET /api/v1/synthesis/{id}': {
    response: {
      ...done,
      text: 'Xin chào các bạn.\n\nHôm nay trời Hà Nội nắng đẹp.',
      paragraphs: PARAGRAPHS,
      pauses: { sentenceMs: 450, paragraphMs: 800 },
      dictionary: [{ word: 'AI', reading: 'ây ai', region: null }],
    },
  },
  'POST /api/v1/synthesis/preview': {
    request: { text: PREVIEW_TEXT, voice_code: 'hn_female_thuha_news' },
    response: {
      text:
        'Giá vé một trăm năm mươi nghìn đồng, áp dụng từ ngày hai mươi ba tháng mười một năm hai nghìn không ' +
        'trăm hai mươi sáu.',
      characters: 39,
      spans: [
        span('plain', 'Giá', 'Giá', [0, 3], [0, 3]),
        span('plain', 'vé', 'vé', [4, 6], [4, 6]),
        span('currency', 'một trăm năm mươi nghìn đồng', '150.000đ', [7, 15], [7, 35]),
        span('plain', 'áp', 'áp', [17, 19], [37, 39]),
        span('plain', 'dụng', 'dụng', [20, 24], [40, 44]),
        span('plain', 'từ', 'từ', [25, 27], [45, 47]),
        span(
          'date',
          'ngày hai mươi ba tháng mười một năm hai nghìn không trăm hai mươi sáu',
          '23/11/2026',
          [28, 38],
          [48, 117],
        ),
      ],
    },
  },
  'DELETE /api/v1/synthesis/{id}': {
    response: { request_id: UUID_EXAMPLE, cancelled: true, deleted: false },
  },
  'GET /api/v1/synthesis/{id}/download': {
    response: { url: AUDIO, format: 'mp3', expires_at: '2026-11-23T09:00:04.210Z' },
  },
  'POST /api/v1/tts': {
    request: {
      app_id: APP_ID,
      callback_url: 'https://example.com/loa/callback',
      input_text: 'Kính chào quý thính giả. Sau đây là bản tin thời tiết.',
      voice_code: 'hn_female_thuha_news',
      audio_type: 'mp3',
      bitrate: 128,
      speed_rate: '1.0',
      sample_rate: 22050,
    },
    response: { ...VBEE_FIELDS, status: 'IN_PROGRESS' },
  },
  'GET /api/v1/tts/{request_id}': {
    response: {
      ...VBEE_FIELDS,
      status: 'SUCCESS',
      progress: 100,
      audio_link: AUDIO,
      audio_expired: false,
      duration_ms: 4890,
      error_code: null,
    },
  },
}
