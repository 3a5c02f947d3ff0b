import { AudiobookError } from '../errors.ts'
import { tidy } from './html-blocks.ts'
import type { Block } from './types.ts'

/**
 * Bytes of a text file as a string: UTF-8 (with or without BOM) or UTF-16 with its BOM. Anything that is not
 * valid UTF-8 is refused rather than read as mojibake (legacy Vietnamese encodings such as TCVN3 are not text
 * we can read correctly).
 */
export const decodeText = (bytes: Uint8Array): string => {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw new AudiobookError('AUDIOBOOK_FILE_UNREADABLE', 'the text file is not UTF-8 or UTF-16 text')
  }
}

/**
 * A line that names a chapter in plain text: "Chương 1", "CHƯƠNG XII: Về quê", "Chapter 3 — The Sea", "Phần hai",
 * "Part II", "Hồi 5", "Quyển 1". Only when it stands alone as a paragraph and is short.
 */
const ROMAN = '(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})'
const NUMBER_WORDS =
  'một|hai|ba|bốn|tư|năm|sáu|bảy|tám|chín|mười|nhất|cuối|one|two|three|four|five|six|seven|eight|nine|ten|' +
  'eleven|twelve|first|second|third|fourth|fifth|last'
const CHAPTER_WORD = '(?:chương|chuong|chapter|phần|phan|part|hồi|quyển|book)'
/** A digit number may be followed by the title after a space; a Roman numeral or a word only after `.:—–-`. */
const CHAPTER_LINE = new RegExp(
  `^${CHAPTER_WORD}\\s+(?:\\d+(?:\\s*[.:—–-]\\s*.+|\\s+.+)?|(?:${ROMAN}|${NUMBER_WORDS})(?:\\s*[.:—–-]\\s*.+)?)$`,
  'iu',
)
const MAX_CHAPTER_LINE = 100

/**
 * Headings and paragraphs of plain text: blank lines separate paragraphs (a file with no blank line at all reads
 * one paragraph per line); a paragraph that is one short "Chương N …" / "Chapter N …" line is a heading.
 */
export const textBlocks = (text: string): Block[] => {
  const normalized = text.replace(/\r\n?/g, '\n')
  const hasBlankLines = /\n[ \t\u00a0]*\n/.test(normalized)
  const pieces = hasBlankLines ? normalized.split(/\n[ \t\u00a0]*\n/) : normalized.split('\n')
  const blocks: Block[] = []
  for (const piece of pieces) {
    const lines = piece.split('\n').map(tidy).filter(Boolean)
    if (lines.length === 0) continue
    const first = lines[0]!
    if (first.length <= MAX_CHAPTER_LINE && CHAPTER_LINE.test(first)) {
      blocks.push({ kind: 'heading', level: 1, text: first })
      if (lines.length > 1) blocks.push({ kind: 'paragraph', text: lines.slice(1).join(' ') })
      continue
    }
    blocks.push({ kind: 'paragraph', text: lines.join(' ') })
  }
  return blocks
}
