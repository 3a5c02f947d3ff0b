import { randomInt } from 'node:crypto'

/**
 * Order codes: `LOA` + 8 characters of Crockford's base32 (no I, L, O, U), e.g. `LOA7K3M9Q2X`. Easy to read
 * aloud and to type, letters and digits only so every bank keeps it intact in the transfer memo, and
 * 32^8 ≈ 10^12 codes so a random one never collides in practice (a unique index catches the rest).
 */
export const ORDER_CODE_PREFIX = 'LOA'
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const BODY_LENGTH = 8
const CODE_PATTERN = new RegExp(`${ORDER_CODE_PREFIX}[${ALPHABET}]{${BODY_LENGTH}}`)

export const newOrderCode = (): string => {
  let body = ''
  for (let i = 0; i < BODY_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)]
  return ORDER_CODE_PREFIX + body
}

export const isOrderCode = (text: string): boolean => new RegExp(`^${CODE_PATTERN.source}$`).test(text)

/**
 * The order code inside a bank transfer's content. Banks prepend their own references and some split or
 * lower-case the memo, so the content is upper-cased and stripped of everything but letters and digits first.
 */
export const findOrderCode = (content: string): string | null =>
  CODE_PATTERN.exec(content.toUpperCase().replace(/[^0-9A-Z]/g, ''))?.[0] ?? null
