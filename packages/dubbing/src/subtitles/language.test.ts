import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { detectLanguage, voiceCanRead } from './language.ts'
import { parseSubtitles } from './parse.ts'
import { speechText } from './text.ts'

const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../golden')

describe('language of each line', () => {
  it('tells Vietnamese from English, Arabic, Chinese, Japanese, Korean and Russian (golden file)', () => {
    const { cues } = parseSubtitles(readFileSync(path.join(golden, 'languages.srt')))
    expect(cues.map((c) => `${c.line} ${detectLanguage(speechText(c.text, c.speaker))}`)).toEqual([
      '2 vi',
      '6 en',
      '10 ar',
      '14 zh',
      '18 ja',
      '22 ko',
      '26 ru',
      '30 vi',
      '34 vi',
    ])
  })

  it('lets a Vietnamese voice read only Vietnamese; a voice of the language reads its own', () => {
    expect(voiceCanRead('vi-VN', 'vi')).toBe(true)
    expect(voiceCanRead('vi-VN', 'en')).toBe(false)
    expect(voiceCanRead('vi-VN', 'zh')).toBe(false)
    expect(voiceCanRead('en-US', 'en')).toBe(true)
    expect(voiceCanRead('vi-VN', 'none')).toBe(true)
  })
})
