/**
 * Vietnamese text without diacritics, restricted to `[A-Za-z0-9 .,:_-]`: what bank memos (VietQR tag 62/08)
 * and VNPay's `vnp_OrderInfo` accept, and where the four form encoders VNPay's demos use agree.
 */
export const plainAscii = (text: string, maxLength = 99): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 .,:_-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
