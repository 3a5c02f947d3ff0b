/**
 * The reading corpus: real sentences from public Vietnamese text (news, legal, school, shop, encyclopaedia, forum),
 * each with its source and the reading a Northern broadcaster would use. Lines are
 * `class<TAB>source<TAB>input<TAB>expected[<TAB>licence]`; `#` lines are notes. Scored like the golden files
 * (comparable()). `expected` may list readings vi-reading-conventions.md accepts as equally normal, separated by
 * ` || ` (the first is the default): "mùng một" beside "một", "ngày" inserted or not before a date.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { comparable } from '../comparable.ts'
import { normalize } from '../normalize.ts'

/** The classes of issue 27 plus the plain and general-number sentences that keep the figure honest. */
export const READING_CLASSES = [
  'plain',
  'number',
  'date',
  'score-range',
  'fraction',
  'acronym',
  'abbreviation',
  'code',
  'roman',
  'leading-zero',
  'phone',
  'money',
  'unit',
  'math',
  'markup',
  'web',
] as const
export type ReadingClass = (typeof READING_CLASSES)[number]

export interface CorpusCase {
  file: string
  line: number
  cls: ReadingClass
  source: string
  input: string
  expected: string
  /** Every accepted reading, the default first. */
  accepted: string[]
  /** Under what terms the sentence is quoted (held-out sets from session 4 on record one per row). */
  licence?: string
}

const DIR = fileURLToPath(new URL('.', import.meta.url))

export function loadReadingCorpus(dir = DIR): CorpusCase[] {
  const cases: CorpusCase[] = []
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.tsv'))
    .sort()) {
    readFileSync(`${dir}/${file}`, 'utf8')
      .split('\n')
      .forEach((raw, index) => {
        if (raw.trim() === '' || raw.startsWith('#')) return
        const [cls, source, input, expected, licence, ...extra] = raw.split('\t')
        const where = `${file}:${index + 1}`
        if (expected === undefined || extra.length > 0) throw new Error(`${where}: want 4 or 5 columns`)
        if (!(READING_CLASSES as readonly string[]).includes(cls!)) throw new Error(`${where}: class ${cls}`)
        if (!/^(https?:\/\/|github:)/.test(source!))
          throw new Error(`${where}: source must be a URL or github:`)
        cases.push({
          file,
          line: index + 1,
          cls: cls as ReadingClass,
          source: source!,
          input: input!,
          expected: expected.split(' || ')[0]!,
          accepted: expected.split(' || '),
          ...(licence ? { licence } : {}),
        })
      })
  }
  return cases
}

export interface CorpusMiss {
  item: CorpusCase
  got: string
}

export interface CorpusScore {
  total: number
  correct: number
  perClass: Map<ReadingClass, { total: number; correct: number }>
  misses: CorpusMiss[]
}

/** Normalizes every case and counts exact matches after comparable(). */
export function scoreReadingCorpus(cases: readonly CorpusCase[]): CorpusScore {
  const perClass = new Map<ReadingClass, { total: number; correct: number }>()
  const misses: CorpusMiss[] = []
  let correct = 0
  for (const item of cases) {
    const got = normalize(item.input).text
    const ok = item.accepted.some((reading) => comparable(reading) === comparable(got))
    const entry = perClass.get(item.cls) ?? { total: 0, correct: 0 }
    entry.total++
    if (ok) {
      entry.correct++
      correct++
    } else misses.push({ item, got })
    perClass.set(item.cls, entry)
  }
  return { total: cases.length, correct, perClass, misses }
}
