/** Symbols read as words when they stand between or beside words; unlisted symbols are not spoken. */
const SYMBOL_READINGS: Record<string, string> = {
  '&': 'và',
  '+': 'cộng',
  '=': 'bằng',
  '@': 'a còng',
  '%': 'phần trăm',
  '‰': 'phần nghìn',
  '~': 'khoảng',
  '≈': 'xấp xỉ',
  '>': 'lớn hơn',
  '<': 'nhỏ hơn',
  '≥': 'lớn hơn hoặc bằng',
  '≤': 'nhỏ hơn hoặc bằng',
  '×': 'nhân',
  '÷': 'chia',
  '^': 'mũ',
  '±': 'cộng trừ',
  '°': 'độ',
  $: 'đô la',
  '€': 'ơ rô',
  '£': 'bảng anh',
  '¥': 'yên',
  '₫': 'đồng',
  '№': 'số',
  '#': 'thăng',
  '²': 'bình phương',
  '³': 'lập phương',
  '½': 'một phần hai',
  '¼': 'một phần tư',
  '¾': 'ba phần tư',
}

export function readSymbol(ch: string): string | null {
  return SYMBOL_READINGS[ch] ?? null
}
