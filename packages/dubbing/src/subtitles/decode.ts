import { DubbingError } from '../errors.ts'

/**
 * Subtitle bytes as text: UTF-8 (with or without BOM) or UTF-16 with a BOM (Windows tools write it), line
 * breaks folded to "\n". Bytes that are not text (NUL bytes, invalid UTF-8) → DUBBING_NOT_TEXT.
 */
export const decodeSubtitleBytes = (bytes: Uint8Array): string => {
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2))
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2))
  else {
    if (bytes.includes(0))
      throw new DubbingError('DUBBING_NOT_TEXT', 'the file is not text (it holds NUL bytes)')
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      throw new DubbingError('DUBBING_NOT_TEXT', 'the file is not UTF-8 text')
    }
  }
  return normalizeSubtitleText(text)
}

/** Drops a BOM and folds CRLF / CR line breaks to "\n". */
export const normalizeSubtitleText = (text: string): string =>
  text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
