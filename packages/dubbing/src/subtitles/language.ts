/**
 * Which script and language a line is written in — our own small detector (letters counted per Unicode
 * script; Latin split into Vietnamese, by its letters and tone marks, and English, by its common words).
 * A Vietnamese voice reads only Vietnamese: anything else is reported per line (English, Arabic, Chinese…
 * are otherwise read as letter names or skipped).
 */
import { voiceCanRead, type LineLanguage } from '@loa/contracts/browser'

// The language list and the voice rule live in @loa/contracts (the studio's voice picker uses them too).
export { voiceCanRead, type LineLanguage }

const SCRIPTS: [LineLanguage, RegExp][] = [
  ['ja', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['ko', /\p{Script=Hangul}/u],
  ['zh', /\p{Script=Han}/u],
  ['ar', /\p{Script=Arabic}/u],
  ['ru', /\p{Script=Cyrillic}/u],
  ['th', /\p{Script=Thai}/u],
  ['he', /\p{Script=Hebrew}/u],
]

// Letters only Vietnamese uses among Latin languages, and its tone marks on vowels.
const VIETNAMESE = /[ăâđêôơưĂÂĐÊÔƠƯ]|[àáạảãèéẹẻẽìíịỉĩòóọỏõùúụủũỳýỵỷỹ]|[ầấậẩẫằắặẳẵềếệểễồốộổỗờớợởỡừứựửữ]/iu
const ENGLISH_WORDS = new Set(
  "the and you is are to of it that this what have was with for not be we they he she my your do don't i'm it's can will just know".split(
    ' ',
  ),
)

/** The language of a line's speech (letters counted; Han with kana is Japanese). */
export const detectLanguage = (speech: string): LineLanguage => {
  const letters = [...speech].filter((ch) => /\p{L}/u.test(ch))
  if (letters.length === 0) return 'none'
  const counts = new Map<LineLanguage, number>()
  let latin = 0
  for (const ch of letters) {
    if (/\p{Script=Latin}/u.test(ch)) {
      latin++
      continue
    }
    const hit = SCRIPTS.find(([, re]) => re.test(ch))
    const lang = hit ? hit[0] : 'other'
    counts.set(lang, (counts.get(lang) ?? 0) + 1)
  }
  if (counts.has('ja') && counts.has('zh')) counts.set('ja', counts.get('ja')! + counts.get('zh')!)
  const [top] = [...counts].sort((a, b) => b[1] - a[1])
  if (top && top[1] > latin) return top[0]
  const words = speech.toLowerCase().match(/[\p{L}']+/gu) ?? []
  const vietnamese = words.filter((w) => VIETNAMESE.test(w)).length
  if (vietnamese > 0 && vietnamese * 5 >= words.length) return 'vi'
  const english = words.filter((w) => ENGLISH_WORDS.has(w)).length
  if (english > 0 && words.length >= 3 && vietnamese === 0) return 'en'
  return vietnamese > 0 ? 'vi' : words.length < 3 ? 'vi' : 'latin'
}

const NAMES: Record<LineLanguage, string> = {
  vi: 'Vietnamese',
  en: 'English',
  latin: 'a Latin-script language other than Vietnamese',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  ar: 'Arabic',
  ru: 'Russian (Cyrillic)',
  th: 'Thai',
  he: 'Hebrew',
  other: 'a script other than Vietnamese',
  none: 'no letters',
}

export interface ForeignLine {
  index: number
  line: number
  cue?: number
  language: LineLanguage
  message: string
}

/** The lines whose voice cannot read their language (`voiceLanguageOf` gives the line's voice's language). */
export const foreignLines = (
  lines: readonly { index: number; line: number; cue?: number; text: string; speaker?: string }[],
  voiceLanguageOf: (line: { speaker?: string }) => string,
  speechOf: (text: string, speaker?: string) => string,
): ForeignLine[] =>
  lines.flatMap((l) => {
    const language = detectLanguage(speechOf(l.text, l.speaker))
    const voice = voiceLanguageOf(l)
    return voiceCanRead(voice, language)
      ? []
      : [
          {
            index: l.index,
            line: l.line,
            ...(l.cue !== undefined ? { cue: l.cue } : {}),
            language,
            message: `written in ${NAMES[language]}: a ${voice} voice cannot read it (give the speaker a voice of that language, or translate the line)`,
          },
        ]
  })
