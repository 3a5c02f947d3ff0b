import { DEFAULT_VOICE } from '@loa/contracts/browser'
import type { Voice } from '@/lib/api/types'

/**
 * The studio's starting voice (issue #26 §1): the best installed voice — an installed neural voice (tier NEURAL,
 * first by rank) before the eSpeak default. Provider voices are never picked for the user: they may bill more.
 */
export const bestVoice = (voices: readonly Voice[]): string =>
  voices
    .filter((v) => v.level === 'NEURAL')
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.code.localeCompare(b.code))[0]?.code ?? DEFAULT_VOICE

/** A new user's untouched draft: no title, no text, every paragraph on the default voice. */
export const startsOnDefaultVoice = (draft: {
  title: string
  paragraphs: readonly { text: string; voiceCode: string }[]
}): boolean =>
  draft.title.trim() === '' &&
  draft.paragraphs.every((p) => p.text.trim() === '' && p.voiceCode === DEFAULT_VOICE)

/** The demo's try-it voices with the best one first (issue #26 §1: the demo, like the studio, starts on it). */
export const bestFirst = <V extends { code: string }>(voices: readonly V[], all: readonly Voice[]): V[] => {
  const best = bestVoice(all)
  return [...voices.filter((v) => v.code === best), ...voices.filter((v) => v.code !== best)]
}
