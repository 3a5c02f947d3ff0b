/**
 * Voice credit factors applied to a synthesis request (issue #26 §3): the request reserves and charges
 * `billedRequestCharacters` (@loa/contracts, the sum the studio shows before it sends). The factor is
 * the catalogue row's (`app.voices.credit_factor`: set by the operator, 1 unless changed).
 */
import { billableCharacters } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { inArray } from 'drizzle-orm'

/** The credit factor of each catalogue voice code (a code with no row — an engine id — bills at 1). */
export const creditFactors = async (db: Db, codes: readonly string[]): Promise<Map<string, number>> => {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ code: t.voices.code, factor: t.voices.creditFactor })
    .from(t.voices)
    .where(inArray(t.voices.code, unique))
  return new Map(rows.map((r) => [r.code, r.factor]))
}

/**
 * Characters of sentences served from the cache that the user already paid for, in billed characters: scaled by
 * the request's own ratio (billed ÷ counted), rounded down so a discount never exceeds what it replaces.
 */
export const billedDiscount = (discount: number, billed: number, text: string): number => {
  const counted = billableCharacters(text)
  if (counted === 0 || billed === counted) return discount
  return Math.floor((discount * billed) / counted)
}
