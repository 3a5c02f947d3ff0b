/**
 * Runs the golden file: each line is `input<TAB>expected`, compared after NFC, lowercasing and
 * punctuation → space, the evaluation rule of vi-reading-conventions.md. Lines starting with # are notes.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { comparable } from './comparable.ts'
import { normalize } from './index.ts'

const GOLDEN = fileURLToPath(new URL('../../golden/normalize.vi.tsv', import.meta.url))

interface Case {
  line: number
  input: string
  expected: string
}

function loadCases(): Case[] {
  const cases: Case[] = []
  readFileSync(GOLDEN, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      if (raw.trim() === '' || raw.startsWith('#')) return
      const [input, expected, ...extra] = raw.split('\t')
      if (input === undefined || expected === undefined || extra.length > 0) {
        throw new Error(`golden line ${index + 1} must be input<TAB>expected`)
      }
      cases.push({ line: index + 1, input: input.replace(/\\n/g, '\n'), expected })
    })
  return cases
}

const cases = loadCases()

describe('golden normalize.vi.tsv', () => {
  it('holds at least 300 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300)
  })

  it.each(cases)('line $line: $input', ({ input, expected }) => {
    expect(comparable(normalize(input).text)).toBe(comparable(expected))
  })
})
