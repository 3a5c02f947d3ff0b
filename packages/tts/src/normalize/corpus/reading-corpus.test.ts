/**
 * The reading corpus is well-formed golden data (enough real sentences, every class present, each sourced) and the
 * normalizer meets issue 27's bar on it: ≥ 97% overall, every class ≥ 95% (`npm run bench:reading` lists misses).
 */
import { describe, expect, it } from 'vitest'
import { loadReadingCorpus, READING_CLASSES, scoreReadingCorpus } from './reading-corpus.ts'

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
})
