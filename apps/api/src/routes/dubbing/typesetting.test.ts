/**
 * Issue 29 in the studio's project: the typesetting rule is kept with the project and can be changed afterwards
 * (the kept subtitle file is read again under it), and each line says its language and whether its voice reads it.
 */
import { app as t } from '@loa/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi } from '../../test/harness.ts'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const STYLE = ',Arial,60,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,3,1,2,10,10,40,1'
const ASS = `[Script Info]
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default${STYLE}
Style: Sign${STYLE}
Style: Lyrics${STYLE}

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,Xin chào các bạn.
Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,Quán phở Hà Nội
Dialogue: 0,0:00:04.00,0:00:06.00,Lyrics,,0,0,0,,Ngày mai trời lại sáng.
Dialogue: 0,0:00:07.00,0:00:09.00,Default,,0,0,0,,What are you doing here?
`

let api: SynthesisTestApi
let token: string
const base = '/api/v1/dubbing'

beforeAll(async () => {
  api = await startSynthesisTestApi({ runJobs: false })
  token = await api.token('ts-user')
})
afterAll(() => api?.close())

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  api.call({ method, url: `${base}${url}`, token, ...(payload ? { payload } : {}) })
const texts = (p: { lines: { speech: string }[] }) => p.lines.map((l) => l.speech)

describe('the typesetting rule after creation, and per-line languages', () => {
  it('keeps the rule, reads the kept file again under a new one, and back to the default', async () => {
    const created = (await call('POST', '/projects', { subtitle_text: ASS })).json().result
    expect(created.subtitles_kept).toBe(true)
    expect(created.typesetting.styles).toContain('sign')
    expect(texts(created)).toEqual([
      'Xin chào các bạn.',
      'Ngày mai trời lại sáng.',
      'What are you doing here?',
    ])
    expect(created.notices.map((n: { code: string }) => n.code)).toContain('DUBBING_TYPESETTING_SKIPPED')

    // Lyrics are typesetting, signs are spoken: the file is read again, the rule kept with the project.
    const rule = { styles: ['lyrics'], positioned: true }
    const changed = await call('PATCH', `/projects/${created.id}`, { typesetting: rule })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().result.typesetting).toEqual(rule)
    const read = (await call('GET', `/projects/${created.id}`)).json().result
    expect(read.typesetting).toEqual(rule)
    expect(texts(read)).toEqual(['Xin chào các bạn.', 'Quán phở Hà Nội', 'What are you doing here?'])
    expect(read.notices.find((n: { code: string }) => n.code === 'DUBBING_TYPESETTING_SKIPPED').line).toBe(14)

    // null: the default rule again.
    await call('PATCH', `/projects/${created.id}`, { typesetting: null })
    const again = (await call('GET', `/projects/${created.id}`)).json().result
    expect(again.typesetting).toEqual(created.typesetting)
    expect(texts(again)).toEqual(texts(created))
  })

  it('says per line which language it is in and whether its voice reads it', async () => {
    const p = (await call('POST', '/projects', { subtitle_text: ASS })).json().result
    expect(p.lines.map((l: { language: string }) => l.language)).toEqual(['vi', 'vi', 'en'])
    expect(p.lines.map((l: { voice_reads_language: boolean }) => l.voice_reads_language)).toEqual([
      true,
      true,
      false,
    ])
    expect(p.credit_factor).toBe(1)

    // Given a voice of that language (an English provider voice in the catalogue), the English line is read.
    await api.database.db.insert(t.voices).values({
      code: 'en-us-female-e2e',
      name: 'Emma',
      gender: 'FEMALE',
      region: 'NORTH',
      features: ['NEWS'],
      languageCode: 'en-US',
      engineVoice: 'en-us-female-e2e',
      provider: 'gpu',
      hasDubbing: true,
    })
    expect((await call('PATCH', `/projects/${p.id}`, { voice_code: 'en-us-female-e2e' })).statusCode).toBe(
      200,
    )
    const english = (await call('GET', `/projects/${p.id}`)).json().result
    expect(english.lines.map((l: { voice_reads_language: boolean }) => l.voice_reads_language)).toEqual([
      false,
      false,
      true,
    ])
  })

  it('refuses a new rule for a project whose subtitles were not kept', async () => {
    const stored = await startTestApi({ storage: false })
    try {
      const own = await stored.token('ts-nostore')
      const created = await stored.call({
        method: 'POST',
        url: `${base}/projects`,
        token: own,
        payload: { subtitle_text: ASS },
      })
      expect(created.json().result.subtitles_kept).toBe(false)
      const refused = await stored.call({
        method: 'PATCH',
        url: `${base}/projects/${created.json().result.id}`,
        token: own,
        payload: { typesetting: { styles: [], positioned: false } },
      })
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error_code).toBe('DUBBING_SUBTITLES_NOT_KEPT')
    } finally {
      await stored.close()
    }
  })
})
