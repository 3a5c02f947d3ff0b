/** Marketing content a new install starts with: popup banner, public vouchers, news posts, short links. */

/** The popup image is served by the web app (apps/web/public/images/popup-banner.png). */
export const POPUP_BANNER_IMAGE_PATH = '/images/popup-banner.png'

export interface NewsSeed {
  slug: string
  blog: string
  title: string
  summary: string
  content: string
  thumbnailUrl: string | null
  publishedAt: string
}

export const NEWS_SEEDS: NewsSeed[] = [
  {
    slug: 'ra-mat-loa-chuyen-van-ban-thanh-giong-noi',
    blog: 'tin-tuc',
    title: 'Ra mắt Loa: chuyển văn bản thành giọng nói tiếng Việt',
    summary: 'Loa giúp bạn biến văn bản tiếng Việt thành giọng đọc tự nhiên với ba miền Bắc, Trung, Nam.',
    content:
      'Loa là nền tảng giọng nói AI dành cho thị trường Việt Nam. Chỉ cần dán văn bản vào studio, chọn giọng đọc theo vùng miền và mục đích (tin tức, sách nói, review phim, quảng cáo), bạn sẽ có file MP3 hoặc WAV trong vài giây.\n\nLoa tự động đọc đúng số, ngày tháng, tiền tệ, chữ viết tắt và địa chỉ email, đồng thời cho phép xem trước cách đọc trước khi trừ ký tự. Mỗi kết quả đi kèm dòng thời gian theo từng từ và phụ đề SRT.',
    thumbnailUrl: '/images/news/ra-mat-loa.png',
    publishedAt: '2026-09-01T02:00:00.000Z',
  },
  {
    slug: 'huong-dan-doc-so-ngay-thang-dung-chuan',
    blog: 'huong-dan',
    title: 'Loa đọc số, ngày tháng và tiền tệ như thế nào?',
    summary:
      'Xem trước cách Loa chuẩn hóa “12/2020”, “5,3 tỷ” hay “1.000.000đ” trước khi tổng hợp giọng nói.',
    content:
      'Văn bản tiếng Việt có rất nhiều cách viết số: 1.000.000đ, 5,3 tỷ, 12/2020, QL1A. Loa chuẩn hóa văn bản theo cách một phát thanh viên miền Bắc sẽ đọc, và có biến thể cho giọng miền Trung, miền Nam.\n\nTrong studio, bấm “Xem trước cách đọc” để thấy từng đoạn được đọc ra sao. Nếu muốn đọc khác, thêm từ vào từ điển riêng của bạn: lần sau Loa sẽ đọc theo ý bạn.',
    thumbnailUrl: '/images/news/chuan-hoa-van-ban.png',
    publishedAt: '2026-09-15T02:00:00.000Z',
  },
  {
    slug: 'long-tieng-ai-tu-file-phu-de',
    blog: 'tin-tuc',
    title: 'Lồng tiếng AI từ file phụ đề SRT',
    summary: 'Tải lên file SRT, chọn giọng cho từng nhân vật và nhận bản lồng tiếng khớp thời gian.',
    content:
      'Tính năng Lồng tiếng AI của Loa nhận file phụ đề SRT hoặc VTT, cho phép gán giọng đọc cho từng người nói và chỉnh sửa từng câu. Mỗi câu được tổng hợp vừa khít khung thời gian của phụ đề.\n\nKết quả gồm file âm thanh, phụ đề và (khi máy chủ có ffmpeg) video đã ghép tiếng.',
    thumbnailUrl: '/images/news/long-tieng-ai.png',
    publishedAt: '2026-10-01T02:00:00.000Z',
  },
  {
    slug: 'tich-hop-api-loa-trong-5-phut',
    blog: 'huong-dan',
    title: 'Tích hợp API chuyển văn bản thành giọng nói trong 5 phút',
    summary: 'Tạo ứng dụng trong console, lấy token và gửi yêu cầu TTS với callback có chữ ký.',
    content:
      'Vào console, tạo một ứng dụng API để nhận token. Gửi yêu cầu POST tới /api/v1/tts với văn bản, mã giọng và địa chỉ callback. Loa sẽ gọi lại callback có chữ ký HMAC khi âm thanh sẵn sàng, hoặc bạn có thể hỏi trạng thái theo request_id.\n\nVới câu ngắn, dùng chế độ đồng bộ để nhận âm thanh ngay trong phản hồi.',
    thumbnailUrl: '/images/news/tich-hop-api.png',
    publishedAt: '2026-10-20T02:00:00.000Z',
  },
]

export interface VoucherSeed {
  code: string
  title: string
  description: string
  discountPercent: number | null
  discountAmount: number | null
  maxDiscount: number | null
  packageCodes: string[]
  audience: 'ALL' | 'NEW_USER' | 'PAID_USER'
  isPublic: boolean
  showBanner: boolean
}

export const VOUCHER_SEEDS: VoucherSeed[] = [
  {
    code: 'LOA10',
    title: 'Giảm 10% mọi gói Studio',
    description: 'Áp dụng cho tất cả gói Studio tháng và năm.',
    discountPercent: 10,
    discountAmount: null,
    maxDiscount: 500_000,
    packageCodes: [],
    audience: 'ALL',
    isPublic: true,
    showBanner: true,
  },
  {
    code: 'CHAOBANMOI',
    title: 'Chào bạn mới: giảm 20%',
    description: 'Dành cho lần mua đầu tiên, tối đa 100.000đ.',
    discountPercent: 20,
    discountAmount: null,
    maxDiscount: 100_000,
    packageCodes: [],
    audience: 'NEW_USER',
    isPublic: true,
    showBanner: false,
  },
  {
    code: 'KHACHQUEN50K',
    title: 'Tri ân khách hàng: giảm 50.000đ',
    description: 'Dành cho khách đã có đơn thanh toán.',
    discountPercent: null,
    discountAmount: 50_000,
    maxDiscount: null,
    packageCodes: [],
    audience: 'PAID_USER',
    isPublic: false,
    showBanner: true,
  },
]
