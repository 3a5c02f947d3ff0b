/** The reading corpus is well-formed golden data: enough real sentences, every class present, each sourced. */
import { describe, expect, it } from 'vitest'
import { loadReadingCorpus, READING_CLASSES } from './reading-corpus.ts'

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
})
