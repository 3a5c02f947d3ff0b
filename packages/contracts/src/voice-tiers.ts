/**
 * Voice tiers and credit factors (issue #26 §3). A tier says what a voice is — eSpeak voices are BASIC, installed
 * neural (Piper) voices NEURAL, provider voices whatever the operator sets — and a credit factor multiplies the
 * characters a synthesis with that voice bills (as Vbee's `credit_factor`). Shared by the catalogue, the engine,
 * the provider voices and every place that bills characters (the studio shows the same sum before it sends).
 */
import { billableCharacters } from './synthesis.ts'

export const VOICE_TIERS = ['BASIC', 'NEURAL', 'PREMIUM'] as const
export type VoiceTier = (typeof VOICE_TIERS)[number]

/** The factor a voice bills with when none is set. */
export const DEFAULT_CREDIT_FACTOR = 1
/** Bounds an operator may set (a factor is kept to two decimals). */
export const MIN_CREDIT_FACTOR = 0.1
export const MAX_CREDIT_FACTOR = 20

export const isVoiceTier = (value: unknown): value is VoiceTier =>
  typeof value === 'string' && (VOICE_TIERS as readonly string[]).includes(value)

/** A factor as billed: two decimals, within the bounds; anything else (absent, NaN) bills as 1. */
export const normalizeCreditFactor = (factor: number | null | undefined): number => {
  if (typeof factor !== 'number' || !Number.isFinite(factor) || factor <= 0) return DEFAULT_CREDIT_FACTOR
  const clamped = Math.min(MAX_CREDIT_FACTOR, Math.max(MIN_CREDIT_FACTOR, factor))
  return Math.round(clamped * 100) / 100
}

/**
 * The characters billed for `characters` spoken with a voice of `factor`: rounded up to a whole character,
 * computed in integer hundredths so that 100 × 1.1 bills 110, not 111.
 */
export const billedCharacters = (characters: number, factor: number | null | undefined): number => {
  const hundredths = Math.round(normalizeCreditFactor(factor) * 100)
  return Math.ceil((characters * hundredths) / 100)
}

/**
 * The characters a request bills: its billable `characters` times its voice's factor; with several voices each
 * paragraph's characters times its own voice's, the separators between paragraphs at 1.
 */
export const billedRequestCharacters = (
  characters: number,
  paragraphs: readonly { text: string; voice: string }[],
  factors: ReadonlyMap<string, number | null | undefined>,
): number => {
  const factorOf = (voice: string) => factors.get(voice) ?? 1
  const first = factorOf(paragraphs[0]?.voice ?? '')
  if (paragraphs.every((p) => factorOf(p.voice) === first)) return billedCharacters(characters, first)
  let own = 0
  let billed = 0
  for (const p of paragraphs) {
    const n = billableCharacters(p.text)
    own += n
    billed += billedCharacters(n, factorOf(p.voice))
  }
  return billed + Math.max(0, characters - own)
}
