/**
 * The reading corpus is well-formed golden data (enough real sentences, every class present, each sourced) and the
 * normalizer meets issue 27's bar on it: ≥ 97% overall, every class ≥ 95% (`npm run bench:reading` lists misses).
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadReadingCorpus, READING_CLASSES, scoreReadingCorpus } from './reading-corpus.ts'

const HELD_OUT = fileURLToPath(new URL('./heldout', import.meta.url))

describe('reading corpus', () => {
  const cases = loadReadingCorpus()

  it('holds at least 600 sourced sentences across every class', () => {
    expect(cases.length).toBeGreaterThanOrEqual(600)
    for (const cls of READING_CLASSES) {
      expect(cases.filter((c) => c.cls === cls).length, cls).toBeGreaterThanOrEqual(10)
    }
  })

  it('holds each sentence once', () => {
    expect(new Set(cases.map((c) => c.input)).size).toBe(cases.length)
  })

  it('reads at least 97% of the corpus right, and at least 95% of every class', () => {
    const score = scoreReadingCorpus(cases)
    expect(score.correct / score.total).toBeGreaterThanOrEqual(0.97)
    for (const cls of READING_CLASSES) {
      const entry = score.perClass.get(cls)!
      expect(entry.correct / entry.total, cls).toBeGreaterThanOrEqual(0.95)
    }
  })

  it('keeps the held-out sets apart: no held-out sentence is in the development corpus', () => {
    const dev = new Set(cases.map((c) => c.input))
    const heldOut = loadReadingCorpus(HELD_OUT)
    expect(heldOut.filter((c) => dev.has(c.input)).map((c) => c.input)).toEqual([])
  })

  it('records under what terms each sentence of the third held-out draw is quoted', () => {
    const third = loadReadingCorpus(HELD_OUT).filter((c) => c.file.startsWith('heldout-3-'))
    expect(third.length).toBeGreaterThanOrEqual(100)
    expect(third.filter((c) => !c.licence).map((c) => `${c.file}:${c.line}`)).toEqual([])
  })

  it('accepts any reading a row lists after " || ", the first being the default', () => {
    const [item] = cases
    const row = { ...item!, input: 'chênh nhau 2 lít xăng', expected: 'chênh nhau ba lít xăng' }
    const rejected = scoreReadingCorpus([{ ...row, accepted: ['chênh nhau ba lít xăng'] }])
    const accepted = scoreReadingCorpus([
      { ...row, accepted: ['chênh nhau ba lít xăng', 'chênh nhau hai lít xăng'] },
    ])
    expect(rejected.correct).toBe(0)
    expect(accepted.correct).toBe(1)
  })
})
