import type { GlossaryEntry } from '../example.ts'

const BOOL_QUERY = '(`true`/`1` or `false`/`0`)'

/** Voices, sample scripts, packages, banners, vouchers, news and the landing's marketing calls. */
export const CATALOGUE: Record<string, GlossaryEntry> = {
  // Voices
  'voices:code': {
    description: 'The voice code, what synthesis requests name',
    example: 'hn_female_thuha_news',
  },
  'voices:name': { description: 'The voice’s display name', example: 'Thu Hà' },
  'voices:description': {
    description: 'A short description of the voice',
    example: 'Giọng nữ Hà Nội, đọc tin tức',
  },
  features: {
    description: 'Purposes the voice suits: REVIEW_FILM, NEWS, AUDIO_BOOK, ADVERTISE',
    example: ['NEWS', 'AUDIO_BOOK'],
  },
  level: {
    description:
      'Tier of the voice: BASIC (eSpeak), NEURAL (installed neural voice) or the tier an operator set',
    example: 'BASIC',
  },
  credit_factor: {
    description:
      'Multiplies the characters billed when this voice speaks (1 = as counted, 1.5 = half as much again)',
    example: 1,
  },
  provider: {
    description:
      'Who renders the voice: `loa` for the built-in voices, `piper` for the installed neural ones',
    example: 'loa',
  },
  engine_voice: {
    description: 'The speech engine’s own id of the voice (what the worker speaks with)',
    example: 'vi',
  },
  attribution: {
    description: 'Who made the voice (the credit line its licence asks for); null for Loa’s own voices',
    example: null,
  },
  licence: { description: 'The voice’s licence (SPDX id or name); null for Loa’s own voices', example: null },
  sample_audio_url: {
    description: 'A short MP3 sample of the voice (null: none yet)',
    example: 'https://api.loa.vn/api/v1/media/voices/samples/hn_female_thuha_news.mp3',
  },
  'voices:audio_link': {
    description: 'Same as `sample_audio_url` (the name the player reads)',
    example: 'https://api.loa.vn/api/v1/media/voices/samples/hn_female_thuha_news.mp3',
  },
  avatar_url: { description: 'Picture of the voice (null: none)', example: null },
  has_dubbing: {
    description: 'Whether the voice is offered for dubbing (as a filter: `true`/`1` or `false`/`0`)',
    example: true,
  },
  is_sample: {
    description:
      'Whether the voice is among the landing’s try-it samples (as a filter: `true`/`1` or `false`/`0`)',
    example: true,
  },
  global: {
    description: 'The catalogue’s `global` flag of Vbee’s voice list (true for every seeded voice)',
    example: true,
  },
  search: { description: 'Text to find in the voice’s name, code or description', example: 'thu hà' },
  sort: { description: 'Order: rank, -rank, name, -name or newest', example: 'rank' },
  fields: {
    description: 'Only these keys in each item (all when absent)',
    example: ['code', 'name', 'region'],
  },
  'voices:active': {
    description: `Whether the voice is live; as a filter ${BOOL_QUERY}, inactive voices are listed only when asked`,
    example: true,
  },
  file: { description: 'The sample’s file name', example: 'hn_female_thuha_news.mp3' },
  // Sample scripts
  purpose: {
    description: 'The purpose it illustrates: REVIEW_FILM, NEWS, AUDIO_BOOK or ADVERTISE',
    example: 'NEWS',
  },
  'sample-scripts:code': { description: 'The script’s code', example: 'news-weather' },
  'sample-scripts:title': { description: 'The script’s title', example: 'Bản tin thời tiết' },
  'sample-scripts:text': {
    description: 'The text to try a voice with',
    example: 'Hôm nay, Hà Nội có mưa rào rải rác, nhiệt độ từ 18 đến 23 độ C.',
  },
  // Packages
  'packages:code': {
    description: 'The package code (what an order buys)',
    example: 'STUDIO-SPECIAL-MONTH-V3.1',
  },
  'packages:name': {
    description: 'The package name (Vietnamese; the public list answers it in the asked language)',
    example: 'Đặc biệt (tháng)',
  },
  'packages:description': {
    description: 'The package description (Vietnamese; the public list answers it in the asked language)',
    example: '',
  },
  'en.name': { description: 'The English name', example: 'Special (monthly)' },
  'en.description': { description: 'The English description' },
  'en.highlights': {
    description: 'The English selling points',
    example: ['Every voice of the three regions'],
  },
  'en.title': { description: 'The English title' },
  'en.image_url': { description: 'The picture for the English site (its text in English)' },
  'packages:translations': {
    description: 'The texts in other languages, field by field (the plain fields are Vietnamese)',
    example: {
      en: {
        name: 'Special (monthly)',
        highlights: ['Every voice of the three regions', 'MP3 or WAV download with SRT subtitles'],
      },
    },
  },
  'banners:translations': {
    description: 'The picture per language (its text is in that language)',
    example: { en: { image_url: '/images/popup-banner-en.png' } },
  },
  'vouchers:translations': {
    description: 'The texts in other languages, field by field (the plain fields are Vietnamese)',
    example: { en: { title: '10% off every Studio package' } },
  },
  'public-vouchers:translations': {
    description: 'The texts in other languages, field by field (the plain fields are Vietnamese)',
    example: { en: { title: '10% off every Studio package' } },
  },
  family: {
    description: 'Package family (TRIAL, STANDARD, SPECIAL, VIP…): the plan level',
    example: 'SPECIAL',
  },
  'packages:type': { description: 'Product line: STUDIO, API or DUBBING', example: 'STUDIO' },
  cycle: { description: 'Billing cycle: monthly, quarterly or yearly (null: one-off)', example: 'monthly' },
  'packages:kind': {
    description: 'AUTO_RENEW (a plan, renewed) or PREPAID (a one-off top-up)',
    example: 'PREPAID',
  },
  price: { description: 'Price in VND (integer, before VAT)', example: 199000 },
  original_price: { description: 'Price before the current offer, in VND (null: no offer)', example: null },
  currency: { description: 'Always VND', example: 'VND' },
  'packages:credits': { description: 'Characters (dubbing: seconds) the package grants', example: 250000 },
  devices: { description: 'Devices that may be signed in at once', example: 3 },
  voice_clonings: {
    description: 'Voice clonings in the plan’s resources (spec §3); the product offers no voice cloning yet',
    example: 1,
  },
  voiceClonings: { description: 'Same as `voice_clonings`', example: 1 },
  resources: { description: 'The plan’s resources under the spec’s names (credits, devices, voiceClonings)' },
  duration_days: { description: 'Days the package lasts (-1: no end)', example: 30 },
  highlights: {
    description: 'Selling points shown on the pricing card',
    example: ['Tất cả giọng đọc ba miền', 'Tải MP3 hoặc WAV kèm phụ đề SRT'],
  },
  purchasable: { description: 'Whether it can be bought now', example: true },
  is_landing_page: { description: 'Whether the landing’s pricing shows it', example: true },
  // Banners
  banners: { description: 'The banners live now, by rank' },
  'banners:code': { description: 'The banner code', example: 'POPUP_TET_2027' },
  'banners:type': {
    description: 'Where it appears; LANDING_PAGE_POPUP is the landing’s popup',
    example: 'LANDING_PAGE_POPUP',
  },
  image_url: {
    description: 'The picture (Vietnamese; the public list gives the asked language’s)',
    example: 'https://loa.vn/images/popup-banner.png',
  },
  action_url: { description: 'Where a click leads (null: nowhere)', example: 'https://loa.vn/bang-gia' },
  position: { description: 'Where on the page it sits (e.g. MIDDLE_CENTER)', example: 'MIDDLE_CENTER' },
  // Vouchers
  voucher: { description: 'The voucher to show (null: none)' },
  'vouchers:code': { description: 'The voucher code to type at checkout', example: 'LOA10' },
  'public-vouchers:code': { description: 'The voucher code to type at checkout', example: 'LOA10' },
  discount_percent: { description: 'Percent off (null when the discount is an amount)', example: 10 },
  discount_amount: { description: 'VND off (null when the discount is a percent)', example: null },
  max_discount: { description: 'Largest discount in VND (null: no cap)', example: 500000 },
  package_codes: {
    description: 'Packages it applies to (empty: every package)',
    example: ['STUDIO-SPECIAL-MONTH-V3.1'],
  },
  audience: { description: 'Who may use it: ALL, NEW_USER or PAID_USER', example: 'ALL' },
  is_public: {
    description: 'Whether anyone can see and use it (not only users it was given to)',
    example: true,
  },
  show_banner: { description: 'Whether the landing banner advertises it', example: true },
  banner_image_url: { description: 'Its banner picture (null: text only)', example: null },
  usage_limit: { description: 'How many times it can be used in all (null: no limit)', example: 1000 },
  used_count: { description: 'How many times it has been used', example: 12 },
  // News
  slug: { description: 'The post’s URL name', example: 'loa-ra-mat-giong-doc-moi' },
  blog: { description: 'The blog the post belongs to', example: 'tin-tuc' },
  'news:title': { description: 'The post’s title', example: 'Loa ra mắt giọng đọc mới' },
  summary: { description: 'A short summary of the post', example: 'Ba giọng đọc miền Nam mới cho bản tin.' },
  content: { description: 'The text', example: 'Từ hôm nay, Loa có thêm ba giọng đọc miền Nam…' },
  thumbnail_url: { description: 'The post’s picture (null: none)', example: null },
  author: { description: 'Who wrote it', example: 'Đội ngũ Loa' },
  published_at: { description: 'When it was published (ISO 8601, UTC)', example: '2026-11-20T02:00:00.000Z' },
  'news:locale': { description: 'Language of the post: vi or en', example: 'vi' },
  // Landing: demo plays, referral clicks, short links, contact form, account deletion
  fingerprint: { description: 'The visitor id the browser keeps (local storage)', example: 'v-8f2c1a7e' },
  duration: { description: 'Seconds listened', example: 12.5 },
  click: { description: 'Clicks (true counts as 1)', example: 1 },
  'demo-events:id': { description: 'The recorded play’s id', example: 1024 },
  'affiliateMarketer:code': { description: 'The referral code of the link', example: 'NGUYENVAN' },
  'shortlink:code': { description: 'The short link’s code', example: 'tet2027' },
  'shortlink:url': {
    description: 'Where the short link leads',
    example: 'https://loa.vn/bang-gia?utm_source=tet',
  },
  number_of_clicks: { description: 'Clicks counted so far (this one included)', example: 42 },
  redirect: { description: `Answer 302 to the target instead of JSON ${BOOL_QUERY}`, example: 'false' },
  'contacts:id': { description: 'The message’s number', example: 311 },
  'contacts:name': { description: 'Your name', example: 'Nguyễn Văn An' },
  phone_number: {
    description: 'A phone number (digits, spaces, dots, dashes, an optional +)',
    example: '0912 345 678',
  },
  'contacts:purpose': { description: 'What the message is about', example: 'Báo giá doanh nghiệp' },
  'contacts:content': { description: 'The message', example: 'Công ty tôi cần 2 triệu ký tự mỗi tháng.' },
  contact: {
    description: 'The e-mail or phone number of the account to delete',
    example: 'khach.hang@example.vn',
  },
  'request-to-delete-account:id': { description: 'The request’s number', example: 18 },
  'request-to-delete-account:status': {
    description: 'The request’s state (PENDING until handled)',
    example: 'PENDING',
  },
}
