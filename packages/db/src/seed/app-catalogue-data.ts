/**
 * The catalogue a new install starts with: voices, sample scripts (one or more per purpose), packages.
 * Plain data; the seed functions in app-*.ts insert it if absent (never overwriting an operator's edit).
 */

export interface VoiceSeed {
  code: string
  name: string
  gender: 'MALE' | 'FEMALE'
  region: 'NORTH' | 'CENTRAL' | 'SOUTH'
  features: string[]
  /** Every seeded voice is spoken by eSpeak: the basic tier (issue #26 §3). */
  level: 'BASIC'
  description: string
  hasDubbing: boolean
  isSample: boolean
  rank: number
}

export const VOICE_SEEDS: VoiceSeed[] = [
  {
    code: 'hn_female_thuha_news',
    name: 'Thu Hà',
    gender: 'FEMALE',
    region: 'NORTH',
    features: ['NEWS', 'ADVERTISE'],
    level: 'BASIC',
    description: 'Giọng nữ miền Bắc, đọc tin tức rõ ràng, chuẩn mực.',
    hasDubbing: true,
    isSample: true,
    rank: 1,
  },
  {
    code: 'hn_male_quanganh_news',
    name: 'Quang Anh',
    gender: 'MALE',
    region: 'NORTH',
    features: ['NEWS', 'REVIEW_FILM'],
    level: 'BASIC',
    description: 'Giọng nam miền Bắc, trầm ấm, hợp bản tin và thuyết minh.',
    hasDubbing: true,
    isSample: true,
    rank: 2,
  },
  {
    code: 'hn_female_ngocanh_book',
    name: 'Ngọc Ánh',
    gender: 'FEMALE',
    region: 'NORTH',
    features: ['AUDIO_BOOK'],
    level: 'BASIC',
    description: 'Giọng nữ miền Bắc nhẹ nhàng, dành cho sách nói và truyện.',
    hasDubbing: false,
    isSample: true,
    rank: 3,
  },
  {
    code: 'hn_male_ducminh_film',
    name: 'Đức Minh',
    gender: 'MALE',
    region: 'NORTH',
    features: ['REVIEW_FILM', 'ADVERTISE'],
    level: 'BASIC',
    description: 'Giọng nam miền Bắc cuốn hút, hợp review phim.',
    hasDubbing: true,
    isSample: true,
    rank: 4,
  },
  {
    code: 'hn_female_phuonglinh_ads',
    name: 'Phương Linh',
    gender: 'FEMALE',
    region: 'NORTH',
    features: ['ADVERTISE'],
    level: 'BASIC',
    description: 'Giọng nữ miền Bắc tươi vui cho quảng cáo.',
    hasDubbing: false,
    isSample: false,
    rank: 5,
  },
  {
    code: 'hue_female_thuylinh_news',
    name: 'Thùy Linh',
    gender: 'FEMALE',
    region: 'CENTRAL',
    features: ['NEWS', 'AUDIO_BOOK'],
    level: 'BASIC',
    description: 'Giọng nữ xứ Huế dịu dàng.',
    hasDubbing: true,
    isSample: true,
    rank: 6,
  },
  {
    code: 'hue_male_baolong_book',
    name: 'Bảo Long',
    gender: 'MALE',
    region: 'CENTRAL',
    features: ['AUDIO_BOOK', 'REVIEW_FILM'],
    level: 'BASIC',
    description: 'Giọng nam miền Trung mộc mạc, hợp kể chuyện.',
    hasDubbing: false,
    isSample: false,
    rank: 7,
  },
  {
    code: 'sg_female_kimngan_news',
    name: 'Kim Ngân',
    gender: 'FEMALE',
    region: 'SOUTH',
    features: ['NEWS', 'ADVERTISE'],
    level: 'BASIC',
    description: 'Giọng nữ Sài Gòn trẻ trung, rõ ràng.',
    hasDubbing: true,
    isSample: true,
    rank: 8,
  },
  {
    code: 'sg_male_hoangphuc_film',
    name: 'Hoàng Phúc',
    gender: 'MALE',
    region: 'SOUTH',
    features: ['REVIEW_FILM', 'NEWS'],
    level: 'BASIC',
    description: 'Giọng nam miền Nam năng động, hợp review phim.',
    hasDubbing: true,
    isSample: true,
    rank: 9,
  },
  {
    code: 'sg_female_myduyen_ads',
    name: 'Mỹ Duyên',
    gender: 'FEMALE',
    region: 'SOUTH',
    features: ['ADVERTISE', 'AUDIO_BOOK'],
    level: 'BASIC',
    description: 'Giọng nữ miền Nam ngọt ngào cho quảng cáo.',
    hasDubbing: false,
    isSample: false,
    rank: 10,
  },
  {
    code: 'sg_male_trungnghia_book',
    name: 'Trung Nghĩa',
    gender: 'MALE',
    region: 'SOUTH',
    features: ['AUDIO_BOOK'],
    level: 'BASIC',
    description: 'Giọng nam miền Nam chậm rãi, hợp sách nói.',
    hasDubbing: false,
    isSample: false,
    rank: 11,
  },
]

export interface SampleScriptSeed {
  code: string
  purpose: 'REVIEW_FILM' | 'NEWS' | 'AUDIO_BOOK' | 'ADVERTISE'
  title: string
  text: string
  rank: number
}

export const SAMPLE_SCRIPT_SEEDS: SampleScriptSeed[] = [
  {
    code: 'news-1',
    purpose: 'NEWS',
    title: 'Bản tin sáng',
    text: 'Sáng nay, ngày 15/3/2025, Hà Nội đón đợt không khí lạnh mới, nhiệt độ thấp nhất khoảng 12 độ C. Người dân nên giữ ấm khi ra đường.',
    rank: 1,
  },
  {
    code: 'news-2',
    purpose: 'NEWS',
    title: 'Tin kinh tế',
    text: 'Quý I năm nay, kim ngạch xuất khẩu đạt 96,99 tỷ USD, tăng 17% so với cùng kỳ năm trước.',
    rank: 2,
  },
  {
    code: 'review-film-1',
    purpose: 'REVIEW_FILM',
    title: 'Review phim',
    text: 'Bộ phim mở đầu bằng một cảnh quay đầy ám ảnh: giữa đêm mưa, cô gái trẻ lặng lẽ bước vào căn nhà bỏ hoang mà không ai dám đến gần.',
    rank: 1,
  },
  {
    code: 'audio-book-1',
    purpose: 'AUDIO_BOOK',
    title: 'Sách nói',
    text: 'Ngày xửa ngày xưa, ở một làng nhỏ ven sông, có hai anh em mồ côi sống nương tựa vào nhau qua bao mùa lũ.',
    rank: 1,
  },
  {
    code: 'advertise-1',
    purpose: 'ADVERTISE',
    title: 'Quảng cáo',
    text: 'Chỉ trong tuần này, giảm ngay 30% cho mọi đơn hàng trên 500.000đ. Gọi ngay 1900 1234 để được tư vấn miễn phí!',
    rank: 1,
  },
]

export interface PackageSeed {
  code: string
  name: string
  family: string
  type: 'STUDIO' | 'API' | 'DUBBING' | 'CALL'
  cycle: 'monthly' | 'quarterly' | 'yearly' | null
  kind: 'AUTO_RENEW' | 'PREPAID'
  price: number
  originalPrice: number | null
  credits: number
  devices: number
  voiceClonings: number
  durationDays: number
  description: string
  highlights: string[]
  active: boolean
  purchasable: boolean
  isLandingPage: boolean
  rank: number
}

const DAYS = { monthly: 30, quarterly: 90, yearly: 360 } as const

type Line = Omit<PackageSeed, 'durationDays' | 'kind' | 'originalPrice' | 'highlights' | 'description'> &
  Partial<Pick<PackageSeed, 'durationDays' | 'kind' | 'originalPrice' | 'highlights' | 'description'>>

const pkg = (line: Line): PackageSeed => ({
  durationDays: line.cycle ? DAYS[line.cycle] : -1,
  kind: line.cycle === 'monthly' ? 'AUTO_RENEW' : 'PREPAID',
  originalPrice: null,
  highlights: [],
  description: '',
  ...line,
})

/** Studio tiers (V3 is the previous price list, kept for existing subscribers; V3.1 is sold now). */
const studioTier = (
  family: 'STANDARD' | 'SPECIAL' | 'VIP' | 'CUSTOM',
  label: string,
  month: number,
  credits: number,
  devices: number,
  voiceClonings: number,
  rank: number,
): PackageSeed[] => {
  const current = family !== 'CUSTOM'
  // Characters and devices are listed from the numbers (pricing cards); highlights say only what else is included.
  const highlights = ['Tất cả giọng đọc ba miền', 'Tải MP3 hoặc WAV kèm phụ đề SRT']
  const lines: PackageSeed[] = []
  for (const version of ['V3', 'V3.1'] as const) {
    const live = version === 'V3.1'
    lines.push(
      pkg({
        code: `STUDIO-${family}-MONTH-${version}`,
        name: `${label} (tháng)`,
        family,
        type: 'STUDIO',
        cycle: 'monthly',
        price: month,
        credits,
        devices,
        voiceClonings,
        highlights,
        active: live,
        purchasable: live && current,
        isLandingPage: live,
        rank,
      }),
      pkg({
        code: `STUDIO-${family}-YEAR-${version}`,
        name: `${label} (năm)`,
        family,
        type: 'STUDIO',
        cycle: 'yearly',
        price: Math.round((month * 12 * 0.8) / 1000) * 1000,
        originalPrice: month * 12,
        credits: credits * 12,
        devices,
        voiceClonings,
        highlights: [...highlights, 'Rẻ hơn 20% so với trả theo tháng'],
        active: live,
        purchasable: live && current,
        isLandingPage: live,
        rank: rank + 1,
      }),
    )
  }
  return lines
}

export const PACKAGE_SEEDS: PackageSeed[] = [
  pkg({
    code: 'STUDIO-FREE-V3',
    name: 'Miễn phí',
    family: 'BASIC',
    type: 'STUDIO',
    cycle: 'monthly',
    kind: 'AUTO_RENEW',
    price: 0,
    credits: 5_000,
    devices: 1,
    voiceClonings: 0,
    description: 'Gói miễn phí cho người dùng mới.',
    highlights: ['Tất cả giọng đọc ba miền'],
    active: true,
    purchasable: false,
    isLandingPage: true,
    rank: 0,
  }),
  pkg({
    code: 'STUDIO-FREE-V2',
    name: 'Miễn phí (V2)',
    family: 'BASIC',
    type: 'STUDIO',
    cycle: 'monthly',
    price: 0,
    credits: 3_000,
    devices: 1,
    voiceClonings: 0,
    active: false,
    purchasable: false,
    isLandingPage: false,
    rank: 0,
  }),
  pkg({
    code: 'STUDIO-FREE',
    name: 'Miễn phí (cũ)',
    family: 'BASIC',
    type: 'STUDIO',
    cycle: 'monthly',
    price: 0,
    credits: 2_000,
    devices: 1,
    voiceClonings: 0,
    active: false,
    purchasable: false,
    isLandingPage: false,
    rank: 0,
  }),
  pkg({
    code: 'STUDIO-BASIC',
    name: 'Cơ bản',
    family: 'BASIC',
    type: 'STUDIO',
    cycle: null,
    price: 0,
    credits: 2_000,
    devices: 1,
    voiceClonings: 0,
    active: false,
    purchasable: false,
    isLandingPage: false,
    rank: 0,
  }),
  pkg({
    code: 'STUDIO-TRIAL',
    name: 'Dùng thử',
    family: 'TRIAL',
    type: 'STUDIO',
    cycle: null,
    price: 0,
    credits: 10_000,
    devices: 1,
    voiceClonings: 0,
    durationDays: 7,
    description: 'Dùng thử 7 ngày các giọng cao cấp.',
    active: true,
    purchasable: false,
    isLandingPage: false,
    rank: 0,
  }),
  ...studioTier('STANDARD', 'Tiêu chuẩn', 99_000, 100_000, 2, 0, 10),
  pkg({
    code: 'STUDIO-STANDARD-QUARTER-V3.1',
    name: 'Tiêu chuẩn (quý)',
    family: 'STANDARD',
    type: 'STUDIO',
    cycle: 'quarterly',
    price: 267_000,
    originalPrice: 297_000,
    credits: 300_000,
    devices: 2,
    voiceClonings: 0,
    active: true,
    purchasable: true,
    isLandingPage: false,
    rank: 12,
  }),
  ...studioTier('SPECIAL', 'Đặc biệt', 199_000, 250_000, 3, 1, 20),
  ...studioTier('VIP', 'VIP', 399_000, 600_000, 5, 3, 30),
  ...studioTier('CUSTOM', 'Tùy chỉnh', 0, 0, 10, 10, 40),
  pkg({
    code: 'STUDIO-SPECIAL-TOPUP',
    name: 'Mua thêm ký tự',
    family: 'SPECIAL',
    type: 'STUDIO',
    cycle: null,
    price: 50_000,
    credits: 50_000,
    devices: 0,
    voiceClonings: 0,
    description: 'Mua thêm 50.000 ký tự, dùng trong chu kỳ hiện tại.',
    active: true,
    purchasable: true,
    isLandingPage: false,
    rank: 50,
  }),
  pkg({
    code: 'STUDIO-BUSINESS',
    name: 'Doanh nghiệp',
    family: 'ENTERPRISE',
    type: 'STUDIO',
    cycle: 'yearly',
    price: 15_000_000,
    credits: 12_000_000,
    devices: 20,
    voiceClonings: 10,
    description: 'Cho đội nhóm sản xuất nội dung, có hóa đơn VAT.',
    active: true,
    purchasable: true,
    isLandingPage: true,
    rank: 60,
  }),
  pkg({
    code: 'API-BASIC-MONTH-V3.1',
    name: 'API Cơ bản',
    family: 'BASIC',
    type: 'API',
    cycle: 'monthly',
    price: 299_000,
    credits: 300_000,
    devices: 1,
    voiceClonings: 0,
    active: true,
    purchasable: true,
    isLandingPage: true,
    rank: 100,
  }),
  pkg({
    code: 'API-ADVANCE-MONTH-V3.1',
    name: 'API Nâng cao',
    family: 'ADVANCE',
    type: 'API',
    cycle: 'monthly',
    price: 990_000,
    credits: 1_200_000,
    devices: 1,
    voiceClonings: 1,
    active: true,
    purchasable: true,
    isLandingPage: true,
    rank: 101,
  }),
  pkg({
    code: 'API-PRO-YEAR-V3.1',
    name: 'API Chuyên nghiệp',
    family: 'PROFESSIONAL',
    type: 'API',
    cycle: 'yearly',
    price: 19_900_000,
    credits: 30_000_000,
    devices: 1,
    voiceClonings: 3,
    active: true,
    purchasable: true,
    isLandingPage: true,
    rank: 102,
  }),
  pkg({
    code: 'API-BUSINESS',
    name: 'API Doanh nghiệp (cũ)',
    family: 'PRO',
    type: 'API',
    cycle: 'monthly',
    price: 2_990_000,
    credits: 4_000_000,
    devices: 1,
    voiceClonings: 2,
    active: false,
    purchasable: false,
    isLandingPage: false,
    rank: 103,
  }),
  pkg({
    code: 'API-BUSINESS-V3.1',
    name: 'API Doanh nghiệp',
    family: 'PRO',
    type: 'API',
    cycle: 'monthly',
    price: 2_990_000,
    credits: 4_000_000,
    devices: 1,
    voiceClonings: 2,
    active: true,
    purchasable: true,
    isLandingPage: true,
    rank: 104,
  }),
  pkg({
    code: 'API-ENTERPRISE-YEAR-V2',
    name: 'API Enterprise (năm)',
    family: 'ENTERPRISE',
    type: 'API',
    cycle: 'yearly',
    price: 99_000_000,
    credits: 200_000_000,
    devices: 1,
    voiceClonings: 10,
    description: 'Hạ tầng riêng, SLA 99,9%, hỗ trợ 24/7.',
    active: true,
    purchasable: false,
    isLandingPage: true,
    rank: 105,
  }),
  pkg({
    code: 'API-TRIAL',
    name: 'API dùng thử',
    family: 'TRIAL',
    type: 'API',
    cycle: null,
    price: 0,
    credits: 5_000,
    devices: 1,
    voiceClonings: 0,
    durationDays: 30,
    description: '5.000 ký tự gọi API miễn phí trong 30 ngày cho tài khoản mới.',
    active: true,
    purchasable: false,
    isLandingPage: false,
    rank: 199,
  }),
  pkg({
    code: 'DUBBING-TRIAL',
    name: 'Lồng tiếng dùng thử',
    family: 'DUBBING-TRIAL',
    type: 'DUBBING',
    cycle: null,
    price: 0,
    credits: 600,
    devices: 1,
    voiceClonings: 0,
    durationDays: 7,
    description: '10 phút lồng tiếng miễn phí (tính theo giây).',
    active: true,
    purchasable: false,
    isLandingPage: false,
    rank: 200,
  }),
  pkg({
    code: 'CALL-TRIAL',
    name: 'Lời thoại tổng đài dùng thử',
    family: 'TRIAL',
    type: 'CALL',
    cycle: null,
    price: 0,
    credits: 10_000,
    devices: 1,
    voiceClonings: 0,
    durationDays: 30,
    description: '10.000 ký tự lời thoại tổng đài miễn phí trong 30 ngày cho tài khoản mới.',
    active: true,
    purchasable: false,
    isLandingPage: false,
    rank: 300,
  }),
  pkg({
    code: 'DUBBING-BASIC',
    name: 'Lồng tiếng cơ bản',
    family: 'DUBBING-BASIC',
    type: 'DUBBING',
    cycle: 'monthly',
    price: 0,
    credits: 300,
    devices: 1,
    voiceClonings: 0,
    active: true,
    purchasable: false,
    isLandingPage: true,
    rank: 201,
  }),
  pkg({
    code: 'DUBBING-PRO-MONTH-V1',
    name: 'Lồng tiếng chuyên nghiệp',
    family: 'PRO',
    type: 'DUBBING',
    cycle: 'monthly',
    price: 499_000,
    credits: 7_200,
    devices: 2,
    voiceClonings: 1,
    description: '120 phút lồng tiếng mỗi tháng (tính theo giây).',
    active: true,
    purchasable: true,
    isLandingPage: true,
    rank: 202,
  }),
]

/** The package a new profile starts on. */
export const DEFAULT_PACKAGE_CODE = 'STUDIO-FREE-V3'
/** The free packages every new profile receives, one per product wallet (studio, developer API, dubbing, calls). */
export const SIGNUP_PACKAGE_CODES = [
  DEFAULT_PACKAGE_CODE,
  'API-TRIAL',
  'DUBBING-TRIAL',
  'CALL-TRIAL',
] as const
