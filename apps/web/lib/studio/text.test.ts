import { describe, expect, it } from 'vitest'
import {
  billableCharacters,
  formatDuration,
  insertPause,
  joinParagraphs,
  parseDraft,
  requestParagraphs,
  segmentText,
  sentenceAt,
  splitIntoParagraphs,
  titleFrom,
} from './text'

describe('studio text helpers', () => {
  it('counts billable characters like the API: no pause tags, whitespace runs once', () => {
    expect(billableCharacters('Xin  chào <break time="500ms"/>  bạn\n\n')).toBe('Xin chào bạn'.length)
    expect(billableCharacters('   ')).toBe(0)
    expect(billableCharacters('Tiếng Việt')).toBe(10)
  })

  it('joins paragraphs with a blank line and drops blank ones from requests', () => {
    const ps = [
      { id: 'a', text: 'Một.', voiceCode: 'v1', speed: 1 },
      { id: 'b', text: '  ', voiceCode: 'v1', speed: 1 },
      { id: 'c', text: 'Hai.', voiceCode: 'v2', speed: 1.5 },
    ]
    expect(joinParagraphs(ps)).toBe('Một.\n\n  \n\nHai.')
    expect(requestParagraphs(ps)).toEqual([
      { text: 'Một.', voiceCode: 'v1', speed: 1 },
      { text: 'Hai.', voiceCode: 'v2', speed: 1.5 },
    ])
  })

  it('splits pasted text into paragraphs on blank lines', () => {
    const ps = splitIntoParagraphs('Một\r\n\r\nHai\nba\n   \nBốn', 'v', 1.25)
    expect(ps.map((p) => p.text)).toEqual(['Một', 'Hai\nba', 'Bốn'])
    expect(ps.every((p) => p.voiceCode === 'v' && p.speed === 1.25)).toBe(true)
    expect(new Set(ps.map((p) => p.id)).size).toBe(3)
  })

  it('inserts a pause tag at the caret or over a selection', () => {
    expect(insertPause('Xin chào bạn', 8, 8, 500)).toEqual({
      text: 'Xin chào <break time="500ms"/> bạn',
      caret: 'Xin chào <break time="500ms"/>'.length,
    })
    expect(insertPause('abc XYZ def', 4, 7, 1000).text).toBe('abc <break time="1000ms"/> def')
    expect(insertPause('', 0, 0, 300).text).toBe('<break time="300ms"/>')
  })

  it('finds the sentence spoken at a time', () => {
    const s = [
      { startMs: 0, endMs: 1000, srcStart: 0, srcEnd: 5 },
      { startMs: 1200, endMs: 2000, srcStart: 6, srcEnd: 9 },
      { startMs: 2000, endMs: 3000, srcStart: 10, srcEnd: 15 },
    ]
    expect(sentenceAt(s, 0)).toBe(0)
    expect(sentenceAt(s, 999)).toBe(0)
    expect(sentenceAt(s, 1100)).toBe(-1)
    expect(sentenceAt(s, 2000)).toBe(2)
    expect(sentenceAt(s, 3000)).toBe(-1)
    expect(sentenceAt([], 10)).toBe(-1)
  })

  it('segments text by marked ranges', () => {
    expect(
      segmentText('Ngày 2/9 lúc 10h', [
        { start: 5, end: 8 },
        { start: 13, end: 16 },
      ]),
    ).toEqual([
      { text: 'Ngày ', mark: -1 },
      { text: '2/9', mark: 0 },
      { text: ' lúc ', mark: -1 },
      { text: '10h', mark: 1 },
    ])
    expect(segmentText('abc', [])).toEqual([{ text: 'abc', mark: -1 }])
  })

  it('parses drafts defensively', () => {
    expect(parseDraft(null)).toBeNull()
    expect(parseDraft('{oops')).toBeNull()
    expect(parseDraft(JSON.stringify({ paragraphs: [{ text: 1 }] }))).toBeNull()
    const d = parseDraft(
      JSON.stringify({ title: 'T', savedAt: 5, paragraphs: [{ text: 'x', voiceCode: 'v', speed: 1 }] }),
    )
    expect(d?.title).toBe('T')
    expect(d?.paragraphs[0]?.text).toBe('x')
    expect(typeof d?.paragraphs[0]?.id).toBe('string')
  })

  it('makes titles and durations', () => {
    expect(titleFrom('  Xin <break time="1s"/> chào  ')).toBe('Xin chào')
    expect(titleFrom('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`)
    expect(formatDuration(65_400)).toBe('1:05')
    expect(formatDuration(null)).toBe('–')
  })
})
