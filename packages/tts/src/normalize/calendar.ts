/** Readings shared by dates, times and ordinals. */
import { readIntegerDigits, type NumberWords } from './number-reader.ts'

/** Month names: "tháng tư" for 4, cardinals otherwise. */
export function readMonth(month: number, words: NumberWords): string {
  return month === 4 ? 'tư' : readIntegerDigits(String(month), words)
}

/** Ordinal after "thứ": nhất, (hai), ba, tư, năm … */
export function readOrdinal(n: number, words: NumberWords): string {
  if (n === 1) return 'nhất'
  if (n === 4) return 'tư'
  return readIntegerDigits(String(n), words)
}

export function isValidDate(day: number, month: number, year?: number): boolean {
  if (!(month >= 1 && month <= 12 && day >= 1)) return false
  const leap = year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31
  return day <= days
}

/**
 * Reads a clock time. Minutes under ten keep "phút" (7:05 bảy giờ năm phút); with seconds both
 * units are said.
 */
export function readClock(
  hour: number,
  minute: number | null,
  second: number | null,
  words: NumberWords,
): string {
  const parts = [readIntegerDigits(String(hour), words), 'giờ']
  if (second !== null) {
    parts.push(
      readIntegerDigits(String(minute ?? 0), words),
      'phút',
      readIntegerDigits(String(second), words),
      'giây',
    )
    return parts.join(' ')
  }
  if (minute !== null && minute > 0) {
    parts.push(readIntegerDigits(String(minute), words))
    if (minute < 10) parts.push('phút')
  }
  return parts.join(' ')
}

/** A race or clip duration written mm:ss (or h:mm:ss): phút … giây. */
export function readDuration(
  hours: number | null,
  minutes: number,
  seconds: number,
  words: NumberWords,
): string {
  const parts: string[] = []
  if (hours !== null && hours > 0) parts.push(readIntegerDigits(String(hours), words), 'giờ')
  parts.push(readIntegerDigits(String(minutes), words), 'phút')
  if (seconds > 0) parts.push(readIntegerDigits(String(seconds), words), 'giây')
  return parts.join(' ')
}

/** Reads a written year (4 digits, cardinal: 2031 hai nghìn không trăm ba mươi mốt). */
export function readYear(year: string, words: NumberWords): string {
  return readIntegerDigits(year, words)
}
