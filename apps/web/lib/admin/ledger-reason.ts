/**
 * Ledger reasons are written by the server in one fixed English form per cause (`order LQ7K2: BASIC_1M`,
 * `API synthesis 42: released`); an operator's own words (adjustments, refunds) stay as typed. This reads the
 * fixed forms back into a message key and its values so the back-office shows them in the page's language.
 */
export interface ReasonText {
  /** `admin.reasons.<key>` with `values`, or null when the reason is an operator's own text. */
  base: { key: string; values: Record<string, string> } | null
  /** The original text (shown as is when `base` is null). */
  raw: string
  /** What happened to a reservation afterwards, in order (`admin.reasons.outcome.<word>`). */
  outcomes: string[]
}

const BASES: [RegExp, string, string[]][] = [
  [/^signup package$/, 'signup', []],
  [/^Studio synthesis (\S+)$/, 'studioSynthesis', ['id']],
  [/^API synthesis (\S+)$/, 'apiSynthesis', ['id']],
  [/^Synthesis (\S+)$/, 'synthesis', ['id']],
  [/^dubbing render(?: (\S+))?$/, 'dubbingRender', ['id']],
  [/^dubbing: regenerate a line$/, 'dubbingLine', []],
  [/^call prompts(?: (\S+))?$/, 'callPrompts', ['id']],
  [/^order (\S+): (\S+)$/, 'order', ['code', 'package']],
  [/^refund of order (\S+): ([\s\S]+)$/, 'refund', ['code', 'note']],
  [/^credits expired on (\d{4}-\d{2}-\d{2})T[\d:.]+Z$/, 'expired', ['date']],
]

/** Endings the server appends when a reservation is released or settled (outermost last). */
const OUTCOMES: [RegExp, string][] = [
  [/^([\s\S]+): released$/, 'released'],
  [/^([\s\S]+): unused part of the reservation$/, 'unused'],
  [/^([\s\S]+?):? (cancelled|failed|failure|rendered nothing)$/, ''],
]

const OUTCOME_WORDS: Record<string, string> = {
  cancelled: 'cancelled',
  failed: 'failed',
  failure: 'failed',
  'rendered nothing': 'nothing',
}

export function readReason(raw: string): ReasonText {
  let text = raw
  const outcomes: string[] = []
  for (let peeled = true; peeled;) {
    peeled = false
    for (const [pattern, word] of OUTCOMES) {
      const m = pattern.exec(text)
      if (!m) continue
      outcomes.unshift(word || OUTCOME_WORDS[m[2]!]!)
      text = m[1]!
      peeled = true
      break
    }
  }
  for (const [pattern, key, names] of BASES) {
    const m = pattern.exec(text)
    if (!m) continue
    const values = Object.fromEntries(names.map((name, i) => [name, m[i + 1] ?? '']))
    return { base: { key: values.id === '' ? `${key}Any` : key, values }, raw, outcomes }
  }
  return { base: null, raw, outcomes: [] }
}
