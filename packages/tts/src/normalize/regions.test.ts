/**
 * The regional golden file: `region<TAB>input<TAB>expected`, compared like the main golden file. `loa normalize
 * --region` and the studio's preview read through the same `normalize(text, { region })`.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { comparable } from './comparable.ts'
import { normalize } from './index.ts'
import type { Region } from './types.ts'

const FILE = fileURLToPath(new URL('../../golden/normalize.regions.tsv', import.meta.url))

const cases = readFileSync(FILE, 'utf8')
  .split('\n')
  .map((raw, index) => ({ raw, line: index + 1 }))
  .filter(({ raw }) => raw.trim() !== '' && !raw.startsWith('#'))
  .map(({ raw, line }) => {
    const [region, input, expected, ...extra] = raw.split('\t')
    if (!region || !input || !expected || extra.length || !['NORTH', 'CENTRAL', 'SOUTH'].includes(region))
      throw new Error(`regions golden line ${line} must be REGION<TAB>input<TAB>expected`)
    return { line, region: region as Region, input, expected }
  })

describe('golden normalize.regions.tsv', () => {
  it.each(cases)('line $line ($region): $input', ({ region, input, expected }) => {
    expect(comparable(normalize(input, { region }).text)).toBe(comparable(expected))
  })
})
