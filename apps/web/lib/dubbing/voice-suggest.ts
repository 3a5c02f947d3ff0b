/**
 * The voice picker's suggestions: the voices that can read every language of a speaker's lines come first, the
 * others after, so a line marked "this voice cannot read it" is fixed with one choice (issue 29).
 */
import { LINE_LANGUAGES, voiceCanRead, type LineLanguage } from '@loa/contracts/browser'
import type { Voice } from '@/lib/api/types'
import type { DubbingLine } from './api'

/** A catalogue voice without a language code is Vietnamese (as the API reads it). */
const voiceLanguage = (voice: Pick<Voice, 'languageCode'>) => voice.languageCode ?? 'vi-VN'

/** An unknown detected language reads as "another script". */
export const lineLanguage = (language: string): LineLanguage =>
  (LINE_LANGUAGES as readonly string[]).includes(language) ? (language as LineLanguage) : 'other'

/**
 * The languages of the lines a voice choice speaks, most lines first (lines without letters left out).
 * `speaker` null: the lines of the project's default voice — no speaker, or a speaker without a voice of its own.
 */
export const languagesOf = (
  lines: readonly Pick<DubbingLine, 'speaker' | 'language'>[],
  speaker: string | null,
  speakersWithVoice: readonly string[] = [],
): LineLanguage[] => {
  const counts = new Map<LineLanguage, number>()
  for (const line of lines) {
    const spoken =
      speaker === null
        ? line.speaker === null || !speakersWithVoice.includes(line.speaker)
        : line.speaker === speaker
    const language = lineLanguage(line.language)
    if (spoken && language !== 'none') counts.set(language, (counts.get(language) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([language]) => language)
}

export interface VoiceSuggestion<V> {
  /** The languages the lines are written in (empty: nothing to suggest by). */
  languages: LineLanguage[]
  /** Voices that read all of them, in catalogue order. */
  reading: V[]
  /** The rest, in catalogue order. */
  others: V[]
  /** The languages no voice of the catalogue reads (those lines want translating). */
  unread: LineLanguage[]
}

/** Splits the catalogue into voices that read every one of `languages` and the others, keeping the order. */
export const suggestVoices = <V extends Pick<Voice, 'languageCode'>>(
  voices: readonly V[],
  languages: readonly LineLanguage[],
): VoiceSuggestion<V> => {
  const reads = (v: V) => languages.every((language) => voiceCanRead(voiceLanguage(v), language))
  return {
    languages: [...languages],
    reading: voices.filter(reads),
    others: voices.filter((v) => !reads(v)),
    unread: languages.filter((language) => !voices.some((v) => voiceCanRead(voiceLanguage(v), language))),
  }
}
