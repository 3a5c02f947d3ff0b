/**
 * What a cue's text says aloud, and who says it. Styling (`<i>`, `<font …>`, `<c.x>`, `{\an8}`, ASS `\N`)
 * is stripped for speech only; the written text keeps it for the exports. Sound tags (`[nhạc]`, `(cười)`),
 * music notes and emoji are never spoken.
 */

const VTT_VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+?)\s*>/i
const BRACKET_SPEAKER = /^\[([^\]\n]{1,40})\]\s*/
// A name of one to three capitalised words before a colon: "LAN:", "Anh Tuấn:", "MC:" (at most 24 characters).
const COLON_SPEAKER = /^(\p{Lu}[\p{L}\p{N}._'-]*(?: \p{Lu}[\p{L}\p{N}._'-]*){0,2}):\s+/u
const DIALOGUE_DASH = /^[-–—]\s+/
const MAX_NAME = 24
/** Prefixes that name a role in the credits, not a speaker ("Biên dịch: …", "Translator: …"). */
const CREDIT_WORDS =
  /^(biên dịch|dịch|dịch thuật|phụ đề|hiệu đính|biên tập|timing|typeset(ter|ting)?|encode[rd]?|editor|translat(or|ion|ed by)|subtitles?|subs|sub|qc|karaoke|kara|credits?|âm nhạc|music|lyrics|lời|nhạc|ca sĩ)$/iu
/** Bracketed sound descriptions that are never a speaker. */
const SOUND_WORDS =
  /^(nhạc|âm nhạc|tiếng|cười|vỗ tay|hát|im lặng|music|laughs?|laughter|applause|silence|sighs?|noise|sound|singing|♪)/iu
// Music notes, pictographs (emoji) with their joiners and variation selectors: never spoken.
const UNSPOKEN = /[♩♪♫♬♭♮♯]|\p{Extended_Pictographic}|\u200d|\ufe0e|\ufe0f/gu

/** "LAN", "lan" and "Lan" are one speaker: each word capitalised, the rest lower case. */
export const speakerName = (raw: string): string =>
  raw
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('vi')
    .replace(/(^|\s)(\p{L})/gu, (_, space: string, ch: string) => space + ch.toLocaleUpperCase('vi'))

/** Tags and override blocks removed, ASS line breaks as spaces. */
const stripMarkup = (text: string): string =>
  text
    .replace(/<[^>\n]*>/g, '')
    .replace(/\{[^}\n]*\}/g, '')
    .replace(/\\[Nnh]/g, ' ')

const hasLowerCase = (s: string): boolean => /\p{Ll}/u.test(s)

/**
 * A `NAME: words` prefix that may name a speaker — never a credit line: a role word ("Biên dịch:") or an
 * all-capitals line ("BIÊN DỊCH: NGUYỄN VĂN A"). Whether it is one depends on the file (`resolveSpeakers`).
 */
export const colonCandidate = (line: string): string | undefined => {
  const plain = stripMarkup(line).trim()
  const m = COLON_SPEAKER.exec(plain)
  if (!m || m[1]!.length > MAX_NAME || CREDIT_WORDS.test(m[1]!)) return undefined
  const rest = plain.slice(m[0].length)
  // All capitals on both sides (a short shout such as "MINH: Ừ!" is still speech).
  const restLetters = rest.match(/\p{L}/gu)?.length ?? 0
  if (restLetters >= 4 && !hasLowerCase(rest) && !hasLowerCase(m[1]!)) return undefined
  return speakerName(m[1]!)
}

/** Whether a line starts like a credit ("BIÊN DỊCH: NGUYỄN VĂN A", "Translator: …"). */
export const isCreditLine = (line: string): boolean => {
  const plain = stripMarkup(line).trim()
  const m = COLON_SPEAKER.exec(plain)
  return !!m && colonCandidate(line) === undefined
}

/** An explicit speaker: a VTT voice span or a capitalised `[Name]` prefix that is not a sound tag. */
export const explicitSpeaker = (text: string): string | undefined => {
  const voice = VTT_VOICE.exec(text)
  if (voice) return speakerName(voice[1]!)
  for (const line of text.split('\n')) {
    const m = BRACKET_SPEAKER.exec(stripMarkup(line).trim())
    if (m && /^\p{Lu}/u.test(m[1]!) && !SOUND_WORDS.test(m[1]!) && m[1]!.length <= MAX_NAME)
      return speakerName(m[1]!)
  }
  return undefined
}

/** The speaker a cue's text names (voice span, `[Name]`, else a `NAME:` candidate), if any. */
export const speakerOf = (text: string): string | undefined => {
  const explicit = explicitSpeaker(text)
  if (explicit) return explicit
  for (const line of text.split('\n')) {
    const name = colonCandidate(line)
    if (name) return name
  }
  return undefined
}

// Styling in front of a line ("{\\an8}", "<i>") stays in front when the speaker's name after it is moved out.
const LEADING_MARKUP = /^(?:\s*(?:<[^>\n]*>|\{[^}\n]*\}))*\s*/

/**
 * The cue's text without the naming of its `speaker` — a VTT voice span, a `[Name]` or a `NAME:` prefix of that
 * speaker — so that the name lives in the speaker field only; styling and every other word are kept.
 */
export const withoutSpeaker = (text: string, speaker: string | undefined): string => {
  if (!speaker) return text
  const own = (raw: string) => speakerName(raw) === speaker
  let voiced = false
  const unvoiced = text.replace(/<v(?:\.[^\s>]*)?\s+([^>]+?)\s*>/gi, (tag, name: string) =>
    own(name) ? ((voiced = true), '') : tag,
  )
  return (voiced ? unvoiced.replace(/<\/v>/gi, '') : unvoiced)
    .split('\n')
    .map((line) => {
      const lead = LEADING_MARKUP.exec(line)![0]
      const rest = line.slice(lead.length)
      const named = BRACKET_SPEAKER.exec(rest) ?? COLON_SPEAKER.exec(rest)
      return named && own(named[1]!) ? lead.trimEnd() + rest.slice(named[0].length) : line
    })
    .join('\n')
    .trim()
}

/**
 * The words to speak: markup, sound tags, music notes, emoji and dialogue dashes removed, whitespace folded.
 * A `NAME:` prefix is removed only when NAME is the cue's `speaker` (a credit line keeps its words).
 */
export const speechText = (text: string, speaker?: string): string =>
  text
    .split('\n')
    .map((line) => {
      let plain = stripMarkup(line)
        .trim()
        .replace(BRACKET_SPEAKER, '')
        .replace(/\[[^\]\n]*\]/g, ' ')
      const colon = COLON_SPEAKER.exec(plain)
      if (colon && speaker !== undefined && speakerName(colon[1]!) === speaker)
        plain = plain.slice(colon[0].length)
      return plain
        .replace(/^\([^)\n]{1,40}\)$/, '')
        .replace(UNSPOKEN, ' ')
        .trim()
        .replace(DIALOGUE_DASH, '')
    })
    .join(' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()

/** Whether speech has anything to say: at least one letter or digit. */
export const isSpeakable = (speech: string): boolean => /[\p{L}\p{N}]/u.test(speech)
