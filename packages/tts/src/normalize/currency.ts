/** Currency symbols and codes, and the shorthand scales written after amounts (300k, 2tr5). */

/** Written after the amount (case-sensitive keys; codes also match in upper case). */
const SUFFIX: Record<string, string> = {
  đ: 'đồng',
  '₫': 'đồng',
  đồng: 'đồng',
  vnđ: 'đồng',
  vnd: 'đồng',
  VNĐ: 'đồng',
  VND: 'đồng',
  Vnđ: 'đồng',
  $: 'đô la',
  usd: 'đô la mỹ',
  USD: 'đô la mỹ',
  US$: 'đô la mỹ',
  '€': 'ơ rô',
  EUR: 'ơ rô',
  euro: 'ơ rô',
  '£': 'bảng anh',
  GBP: 'bảng anh',
  '¥': 'yên',
  JPY: 'yên nhật',
  CNY: 'nhân dân tệ',
  NDT: 'nhân dân tệ',
  RMB: 'nhân dân tệ',
  '₩': 'won',
  KRW: 'won hàn quốc',
  THB: 'bạt thái',
  SGD: 'đô la xinh ga po',
  AUD: 'đô la úc',
  CAD: 'đô la ca na đa',
  HKD: 'đô la hồng kông',
}

/** Written before the amount ($5, €20, US$3). */
const PREFIX: Record<string, string> = {
  $: 'đô la',
  US$: 'đô la mỹ',
  '€': 'ơ rô',
  '£': 'bảng anh',
  '¥': 'yên',
  '₩': 'won',
  '₫': 'đồng',
}

/** Currency codes read even without a number right before them ("giá USD hôm nay"). */
export const CURRENCY_CODES = new Set([
  'USD',
  'VND',
  'VNĐ',
  'EUR',
  'GBP',
  'JPY',
  'CNY',
  'KRW',
  'THB',
  'SGD',
  'AUD',
  'CAD',
  'HKD',
])

export function readCurrencySuffix(symbol: string): string | null {
  return SUFFIX[symbol] ?? null
}

export function readCurrencyPrefix(symbol: string): string | null {
  return PREFIX[symbol] ?? null
}

export const CURRENCY_PREFIX_PATTERN = /^(US\$|\$|€|£|¥|₩|₫)/

/** Scale words written out or glued ("5tr", "2 tỷ"): the reading keeps the author's word when spelled. */
const SCALE_SHORTHAND: Record<string, { reading: 'nghìn' | 'triệu' | 'tỷ'; zeros: number }> = {
  k: { reading: 'nghìn', zeros: 3 },
  K: { reading: 'nghìn', zeros: 3 },
  tr: { reading: 'triệu', zeros: 6 },
  Tr: { reading: 'triệu', zeros: 6 },
  triệu: { reading: 'triệu', zeros: 6 },
  M: { reading: 'triệu', zeros: 6 },
  tỷ: { reading: 'tỷ', zeros: 9 },
  tỉ: { reading: 'tỷ', zeros: 9 },
  ty: { reading: 'tỷ', zeros: 9 },
  B: { reading: 'tỷ', zeros: 9 },
  nghìn: { reading: 'nghìn', zeros: 3 },
  ngàn: { reading: 'nghìn', zeros: 3 },
}

export function scaleShorthand(symbol: string): { reading: 'nghìn' | 'triệu' | 'tỷ'; zeros: number } | null {
  return SCALE_SHORTHAND[symbol] ?? null
}

/** Scale words written as words after a number ("1,5 triệu"): a prefix currency moves after them. */
export const SCALE_WORDS = new Set(['nghìn', 'ngàn', 'triệu', 'tỷ', 'tỉ', 'trăm', 'chục', 'vạn'])
