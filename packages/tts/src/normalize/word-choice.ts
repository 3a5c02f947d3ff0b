/**
 * Chooses the variable number words for one call: the author's own choice when the text uses one
 * ("ngàn", "tỉ", "trăm lẻ"), else the region's default, so one text never mixes "nghìn" and "ngàn".
 */
import { DEFAULT_NUMBER_WORDS, type NumberWords } from './number-reader.ts'
import type { Region } from './types.ts'

const NGAN = /(?<![\p{L}\p{M}])[nN]gàn(?![\p{L}\p{M}])/u
const NGHIN = /(?<![\p{L}\p{M}])[nN]ghìn(?![\p{L}\p{M}])/u
const TI = /(?<![\p{L}\p{M}])tỉ(?![\p{L}\p{M}])(?! số| lệ| mỉ)/iu
const TY = /(?<![\p{L}\p{M}])tỷ(?![\p{L}\p{M}])/iu
const LE = /trăm lẻ(?![\p{L}\p{M}])/iu
const MUOI_BON = /mươi bốn(?![\p{L}\p{M}])/iu
const MUOI_TU = /mươi tư(?![\p{L}\p{M}])/iu

export function chooseNumberWords(text: string, region: Region): NumberWords {
  const words: NumberWords =
    region === 'SOUTH'
      ? { ...DEFAULT_NUMBER_WORDS, thousand: 'ngàn', zeroTens: 'lẻ', fourAfterTens: 'bốn' }
      : { ...DEFAULT_NUMBER_WORDS }
  const nfc = text.normalize('NFC')
  if (NGAN.test(nfc) && !NGHIN.test(nfc)) words.thousand = 'ngàn'
  else if (NGHIN.test(nfc) && !NGAN.test(nfc)) words.thousand = 'nghìn'
  if (TI.test(nfc) && !TY.test(nfc)) words.billion = 'tỉ'
  if (LE.test(nfc)) words.zeroTens = 'lẻ'
  if (MUOI_BON.test(nfc) && !MUOI_TU.test(nfc)) words.fourAfterTens = 'bốn'
  else if (MUOI_TU.test(nfc) && !MUOI_BON.test(nfc)) words.fourAfterTens = 'tư'
  return words
}
