/**
 * Abbreviations glued to a number whose meaning the number decides: "BN2900" (bệnh nhân hai nghìn chín trăm, a
 * patient number in health bulletins, "BN2844-2846" a range of them), "NV1" (nguyện vọng một, an admission
 * choice); "2 NV" after a count is also nguyện vọng; "BN 2899" with a space is the same patient number. Without the
 * number, the abbreviation table decides.
 */
import { adjacentPreviousWord } from '../context.ts'
import { readIntegerDigits } from '../number-reader.ts'
import type { Rule } from '../rule-types.ts'

export const numberedAbbreviationRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const read = (digits: string): string => readIntegerDigits(digits, ctx.words)
  const patient = /^BN(\d{1,6})(?:[-–](\d{1,6}))?$/.exec(token.text)
  let text: string | null = null
  if (patient) {
    text = `bệnh nhân ${read(patient[1]!)}${patient[2] ? ` đến ${read(patient[2])}` : ''}`
  } else {
    const choice = /^NV(\d)$/.exec(token.text)
    if (choice) text = `nguyện vọng ${read(choice[1]!)}`
    else if (token.text === 'NV' && /^\d$/.test(adjacentPreviousWord(ctx, i))) text = 'nguyện vọng'
    else if (
      token.text === 'BN' &&
      ctx.tokens[i + 1]?.type === 'space' &&
      /^\d{1,6}$/.test(ctx.tokens[i + 2]?.text ?? '')
    )
      text = 'bệnh nhân'
  }
  return text
    ? { next: i + 1, frags: [{ text, kind: 'abbreviation', start: token.start, end: token.end }] }
    : null
}
