import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeTinyVoice } from '../test/piper/build-tiny-voice.mjs'
import { synthesizeStream } from './pipeline/synthesize.ts'
import { findVoice, getVoice, listVoices, voiceEngine } from './voices.ts'
import { getVoicesDir, setVoicesDir, voiceProblems } from './voices-installed.ts'
import { createSynthesisPool, type SynthesisPool } from './worker/pool.ts'

const dir = mkdtempSync(join(tmpdir(), 'loa-voices-'))
const before = getVoicesDir()
let pool: SynthesisPool
beforeAll(() => {
  setVoicesDir(dir)
  pool = createSynthesisPool({ size: 1 })
})
afterAll(async () => {
  await pool.close()
  setVoicesDir(before)
  rmSync(dir, { recursive: true, force: true })
})

describe('installed neural voices', () => {
  it('lists a Piper voice by its file stem, and by its sidecar when it has one', () => {
    writeTinyVoice(dir, 'vi_VN-plain-x_low')
    writeTinyVoice(dir, 'vi_VN-named-x_low')
    writeFileSync(
      join(dir, 'vi_VN-named-x_low.loa.json'),
      JSON.stringify({
        code: 'vi-north-female-ngoc-neural',
        name: 'Ngọc (neural)',
        gender: 'FEMALE',
        region: 'SOUTH',
        purposes: ['ADVERTISE'],
        attribution: 'Voice trained on VAIS-1000 (CC BY 4.0)',
        licence: 'CC BY 4.0',
        tier: 'PREMIUM',
        creditFactor: 1.5,
      }),
    )
    const plain = getVoice('vi_VN-plain-x_low')
    expect(voiceEngine(plain)).toBe('piper')
    expect(plain.name).toBe('loa-tiny (neural)')
    expect(plain.tier).toBe('NEURAL')
    expect(plain.creditFactor).toBeUndefined()
    const named = getVoice('vi-north-female-ngoc-neural')
    expect(named).toMatchObject({
      name: 'Ngọc (neural)',
      region: 'SOUTH',
      purposes: ['ADVERTISE'],
      licence: 'CC BY 4.0',
      tier: 'PREMIUM',
      creditFactor: 1.5,
    })
    expect(named.attribution).toContain('CC BY 4.0')
    expect(listVoices().map((v) => v.code)).toEqual(
      expect.arrayContaining(['vi-north-female-mai', 'vi_VN-plain-x_low']),
    )
  })

  it('never lists a voice without its JSON, and reports a broken one instead of listing it', () => {
    writeFileSync(join(dir, 'vi_VN-half-x_low.onnx'), 'partial')
    writeTinyVoice(dir, 'vi_VN-broken-x_low')
    writeFileSync(join(dir, 'vi_VN-broken-x_low.onnx.json'), '{')
    writeFileSync(join(dir, 'vi_VN-later-x_low.onnx'), 'x')
    expect(findVoice('vi_VN-half-x_low')).toBeUndefined()
    expect(findVoice('vi_VN-broken-x_low')).toBeUndefined()
    expect(voiceProblems().map((p) => p.name)).toEqual(['vi_VN-broken-x_low'])
  })

  it('streams speech from a neural voice through the pool, and forgets a removed voice at once', async () => {
    const model = writeTinyVoice(dir, 'vi_VN-stream-x_low')
    const stream = synthesizeStream({
      text: 'Xin chào các bạn. Hôm nay là thứ hai, ngày 23/11/2026.',
      voice: 'vi_VN-stream-x_low',
      format: 'wav',
      pool,
      cache: false,
    })
    const chunks: Uint8Array[] = []
    for await (const c of stream) chunks.push(c)
    const summary = await stream.summary
    expect(chunks.length).toBeGreaterThan(1)
    expect(summary.engine.id).toBe('piper')
    expect(summary.sampleRate).toBe(22050)
    expect(summary.timeline.wordTiming).toBe('estimated')
    expect(summary.timeline.words.map((w) => w.text).slice(0, 3)).toEqual(['Xin', 'chào', 'các'])
    rmSync(`${model}.json`)
    rmSync(model)
    expect(() => getVoice('vi_VN-stream-x_low')).toThrow(
      expect.objectContaining({ code: 'TTS_UNKNOWN_VOICE' }),
    )
  })
})
