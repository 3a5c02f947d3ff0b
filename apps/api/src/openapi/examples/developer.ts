import { DEFAULT_TYPESETTING } from '@loa/dubbing'
import { signedLink, TIME_EXAMPLE, UUID_EXAMPLE } from '../glossary/common.ts'
import type { HandExample } from './types.ts'

const APP_ID = '3c8e2f10-6a4b-4d7e-8f92-1b5c0a9e7d34'
const PROJECT_ID = '8a4f2c6e-1d3b-4e5f-9a7c-0b2d4f6e8a1c'
const RENDER_ID = 'c2e4a6f8-0b1d-4c3e-8f5a-7b9d1e3f5a7c'

/** An app as the console shows it (the token itself is never shown again: only its prefix). */
const APP = {
  app_id: APP_ID,
  name: 'Website bán hàng',
  token_prefix: 'loa_Qm9n8x',
  token_expires_at: '2027-02-21T08:00:00.000Z',
  previous_token_expires_at: null,
  callback_url: 'https://example.com/loa/callback',
  callback_secret: 'whsec_wAmsN5BejoH3Lsbn87s30UYRBKEBgqvM',
  max_concurrent: 3,
  requests_per_minute: 60,
  requests_count: 0,
  characters_count: 0,
  last_used_at: null,
  revoked: false,
  revoked_at: null,
  created_at: TIME_EXAMPLE,
}

const SUBTITLES =
  '1\n00:00:01,000 --> 00:00:03,000\nLAN: Xin chào!\n\n2\n00:00:03,500 --> 00:00:05,000\nMINH: Chào em.\n'

/** A two-line project just imported from SRT: speakers found, nothing rendered. */
const PROJECT = {
  id: PROJECT_ID,
  name: 'Phim ngắn tập 1',
  subtitle_format: 'srt',
  voice_code: 'hn_female_thuha_news',
  duck_db: -15,
  mute_original: false,
  media: null,
  notices: [],
  typesetting: DEFAULT_TYPESETTING,
  subtitles_kept: true,
  created_at: TIME_EXAMPLE,
  updated_at: TIME_EXAMPLE,
}
const line = (id: string, index: number, start: number, end: number, speaker: string, text: string) => ({
  id,
  index,
  start_ms: start,
  end_ms: end,
  speaker,
  text: `${speaker}: ${text}`,
  speech: text,
  source_line: index === 1 ? 2 : 6,
  fit: null,
  fix: null,
  language: 'vi',
  voice_reads_language: true,
})

/** A finished render of that project (no media attached: no mix or video). */
const RENDER = {
  id: RENDER_ID,
  project_id: PROJECT_ID,
  status: 'SUCCESS',
  progress: 100,
  characters: 17,
  seconds: 5,
  line_id: null,
  duration_ms: 5000,
  summary: { lines: 2, fitted: 2, flagged: 0 },
  files: ['track_mp3', 'track_wav', 'srt', 'vtt', 'report_json', 'report_csv'],
  mix_error: null,
  error_code: null,
  error_message: null,
  created_at: '2026-11-23T08:05:00.000Z',
  finished_at: '2026-11-23T08:05:06.000Z',
}
const renderFile = (file: string) => signedLink(`dubbing/${PROJECT_ID}/${RENDER_ID}/${file}`)

/** API apps of the console and dubbing (studio and developer API). */
export const DEVELOPER_EXAMPLES: Record<string, HandExample> = {
  'POST /api/v1/api-apps': {
    request: {
      name: 'Website bán hàng',
      callback_url: 'https://example.com/loa/callback',
      expires_in_days: 90,
    },
    response: { app: APP, token: 'loa_Qm9n8xYtR2vLp0sKd4ZcA7wE1fHjU5iNbT3oGyXeM6r' },
  },
  'GET /api/v1/api-apps': {
    response: {
      apps: [
        { ...APP, requests_count: 1284, characters_count: 912345, last_used_at: '2026-11-23T07:58:41.000Z' },
      ],
    },
  },
  'GET /api/v1/api-apps/{id}/usage': {
    response: {
      app_id: APP_ID,
      time_zone: 'Asia/Ho_Chi_Minh',
      from: '2026-11-21',
      to: '2026-11-23',
      days: [
        { date: '2026-11-21', requests: 0, characters: 0, charged_characters: 0 },
        { date: '2026-11-22', requests: 12, characters: 5120, charged_characters: 5120 },
        { date: '2026-11-23', requests: 30, characters: 13220, charged_characters: 12870 },
      ],
      totals: { requests: 42, characters: 18340, charged_characters: 17990 },
    },
  },
  'POST /api/v1/dubbing/projects': {
    request: { name: 'Phim ngắn tập 1', subtitle_text: SUBTITLES, voice_code: 'hn_female_thuha_news' },
    response: {
      ...PROJECT,
      lines: [
        line(UUID_EXAMPLE, 1, 1000, 3000, 'LAN', 'Xin chào!'),
        line('e1f3a5c7-9b0d-4e2f-8a4c-6e8a0c2e4a6c', 2, 3500, 5000, 'MINH', 'Chào em.'),
      ],
      speakers: [
        {
          id: '1a3c5e7a-9c1e-4a3c-8e5a-7c9e1a3c5e7a',
          name: 'LAN',
          voice_code: 'hn_female_thuha_news',
          speed: 1,
        },
        {
          id: '2b4d6f8b-0d2f-4b4d-9f6b-8d0f2b4d6f8b',
          name: 'MINH',
          voice_code: 'hn_female_thuha_news',
          speed: 1,
        },
      ],
      last_render: null,
      credit_factor: 1,
    },
  },
  'GET /api/v1/dubbing/projects': { response: { items: [PROJECT] } },
  'POST /api/v1/dubbing/projects/{id}/render': {
    response: {
      ...RENDER,
      status: 'IN_PROGRESS',
      progress: 0,
      duration_ms: null,
      summary: null,
      files: [],
      finished_at: null,
    },
  },
  'GET /api/v1/dubbing/renders/{id}': { response: RENDER },
  'POST /api/v1/dubbing': {
    response: {
      render_id: RENDER_ID,
      project_id: PROJECT_ID,
      app_id: APP_ID,
      status: 'IN_PROGRESS',
      characters: 17,
      seconds_charged: 0,
      duration_ms: null,
      summary: null,
      links: {},
      error_code: null,
      created_at: '2026-11-23T08:05:00.000Z',
    },
  },
  'GET /api/v1/dubbing/{render_id}': {
    response: {
      render_id: RENDER_ID,
      project_id: PROJECT_ID,
      app_id: APP_ID,
      status: 'SUCCESS',
      characters: 17,
      seconds_charged: 5,
      duration_ms: 5000,
      summary: { lines: 2, fitted: 2, flagged: 0, duration_ms: 5000 },
      links: {
        track_mp3: renderFile('dub.mp3'),
        track_wav: renderFile('dub.wav'),
        srt: renderFile('dub.srt'),
        vtt: renderFile('dub.vtt'),
        report_json: renderFile('report.json'),
        report_csv: renderFile('report.csv'),
      },
      error_code: null,
      created_at: '2026-11-23T08:05:00.000Z',
    },
  },
}
