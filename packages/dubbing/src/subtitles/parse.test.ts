import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DubbingError } from '../errors.ts'
import { parseSubtitles } from './parse.ts'
import { speechText, withoutSpeaker } from './text.ts'
import { writeSrt, writeVtt } from './write.ts'

const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../golden')
const read = (name: string): Buffer => readFileSync(path.join(golden, name))
const inputs = readdirSync(golden).filter((f) => /\.(srt|vtt|ass)$/.test(f) && !/^(bad|end)-/.test(f))

/** What a golden file records: the cues with their speech, and the notices. */
const view = (bytes: Uint8Array) => {
  const parsed = parseSubtitles(bytes)
  return {
    format: parsed.format,
    cues: parsed.cues.map((c) => ({ ...c, speech: speechText(c.text, c.speaker) })),
    notices: parsed.notices,
  }
}

const codeOf = (fn: () => unknown): { code: string; line: number | undefined } => {
  try {
    fn()
  } catch (error) {
    if (error instanceof DubbingError) return { code: error.code, line: error.line }
    throw error
  }
  throw new Error('expected a DubbingError')
}

describe('subtitle parser (golden files)', () => {
  it.each(inputs)('%s reads as its golden JSON', (name) => {
    const expectedFile = path.join(golden, `${name}.json`)
    const actual = view(read(name))
    if (process.env.UPDATE_GOLDEN || !existsSync(expectedFile))
      writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`)
    expect(actual).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')))
  })

  it('reads a BOM, CRLF line breaks and UTF-16 the same as plain UTF-8', () => {
    const plain = read('two-speakers.srt').toString('utf8')
    const expected = view(Buffer.from(plain))
    const crlfBom = Buffer.from(`\uFEFF${plain.replace(/\n/g, '\r\n')}`, 'utf8')
    expect(view(crlfBom)).toEqual(expected)
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(plain, 'utf16le')])
    expect(view(utf16)).toEqual(expected)
  })

  it('names speakers from LAN:, [Minh], <v Lan> and ASS Name, one spelling per speaker', () => {
    expect(view(read('two-speakers.srt')).cues.map((c) => c.speaker)).toEqual([
      'Lan',
      'Minh',
      'Lan',
      undefined,
    ])
    expect(view(read('voices.vtt')).cues.map((c) => c.speaker)).toEqual(['Lan', 'Minh', undefined])
    expect(view(read('dialogue.ass')).cues.map((c) => c.speaker)).toEqual(['Lan', 'Minh'])
  })

  it("moves the speaker's name out of the text into the speaker (issue 35), keeping styling and other names", () => {
    const { cues } = parseSubtitles(read('two-speakers.srt'))
    expect(cues.map((c) => [c.speaker, c.text])).toEqual([
      ['Lan', 'Xin chào, hôm nay trời đẹp quá.'],
      ['Minh', '<i>Đúng vậy</i>, mình đi dạo nhé?'],
      ['Lan', '{\\an8}Đi thôi!'],
      [undefined, '- Anh có mang ô không?\n- Có chứ.'],
    ])
    expect(parseSubtitles(read('voices.vtt')).cues.map((c) => c.text)).toEqual([
      'Chào <b>anh</b>!',
      'Chào em, em khỏe không?',
      'Không có người nói.',
    ])
    // Only the cue's own speaker is taken out: a name said to someone else, or a credit line, stays text.
    expect(withoutSpeaker('Lan: Minh: là tên anh ấy', 'Lan')).toBe('Minh: là tên anh ấy')
    expect(withoutSpeaker('<i>MINH: chào</i>', 'Minh')).toBe('<i>chào</i>')
    expect(withoutSpeaker('Minh: chào', 'Lan')).toBe('Minh: chào')
    expect(withoutSpeaker('<v Minh>chào</v>', 'Lan')).toBe('<v Minh>chào</v>')
    const credits = parseSubtitles(read('credits.srt')).cues
    expect(credits.some((c) => c.text.startsWith('BIÊN DỊCH: '))).toBe(true)
  })

  it('strips styling for speech and keeps it in the exported subtitles', () => {
    const { cues } = parseSubtitles(read('two-speakers.srt'))
    expect(speechText(cues[1]!.text)).toBe('Đúng vậy, mình đi dạo nhé?')
    expect(speechText(cues[2]!.text, cues[2]!.speaker)).toBe('Đi thôi!')
    const srt = writeSrt(cues)
    expect(srt).toContain('\n<i>Đúng vậy</i>, mình đi dạo nhé?\n')
    expect(srt).toContain('\n{\\an8}Đi thôi!\n')
    expect(srt).toContain('00:00:01,000 --> 00:00:03,200')
    expect(writeVtt(cues)).toMatch(/^WEBVTT\n\n1\n00:00:01\.000 --> 00:00:03\.200\nXin chào/)
    // What we write reads back to the same cues.
    expect(parseSubtitles(srt).cues.map((c) => c.text)).toEqual(cues.map((c) => c.text))
  })

  it('rejects a malformed timestamp with its line number', () => {
    expect(codeOf(() => parseSubtitles(read('bad-timestamp.srt')))).toEqual({
      code: 'DUBBING_BAD_TIMESTAMP',
      line: 6,
    })
    expect(codeOf(() => parseSubtitles('1\n00:00:01,000 --> 00:00:0x,000\nA\n'))).toEqual({
      code: 'DUBBING_BAD_TIMESTAMP',
      line: 2,
    })
    expect(codeOf(() => parseSubtitles(read('end-before-start.srt')))).toEqual({
      code: 'DUBBING_BAD_TIMESTAMP',
      line: 6,
    })
  })

  it('rejects a file that is not text, an empty file and a file of another kind', () => {
    expect(codeOf(() => parseSubtitles(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1])))).toEqual({
      code: 'DUBBING_NOT_TEXT',
      line: undefined,
    })
    expect(codeOf(() => parseSubtitles(new Uint8Array([0xc3, 0x28, 0x41])))).toMatchObject({
      code: 'DUBBING_NOT_TEXT',
    })
    expect(codeOf(() => parseSubtitles(''))).toMatchObject({ code: 'DUBBING_NO_CUES' })
    expect(codeOf(() => parseSubtitles('just some prose\n'))).toMatchObject({
      code: 'DUBBING_UNKNOWN_FORMAT',
    })
    expect(codeOf(() => parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n'))).toMatchObject({
      code: 'DUBBING_NO_CUES',
    })
  })

  it('accepts 5,000 cues and rejects 5,001 at the first cue over the limit', () => {
    const srt = (n: number): string =>
      Array.from(
        { length: n },
        (_, i) =>
          `${i + 1}\n00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},000 --> 00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},500\nCâu ${i}\n`,
      ).join('\n')
    expect(parseSubtitles(srt(5000)).cues).toHaveLength(5000)
    expect(codeOf(() => parseSubtitles(srt(5001)))).toEqual({ code: 'DUBBING_TOO_MANY_CUES', line: 20002 })
  })
})
