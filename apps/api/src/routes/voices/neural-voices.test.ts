import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getVoicesDir, setVoicesDir } from '@loa/tts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeTinyVoice } from '@loa/tts/test-voices'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const CODE = 'vi-north-female-tiny-neural'
const dir = mkdtempSync(join(tmpdir(), 'loa-api-voices-'))
const before = getVoicesDir()
const sampleBytes = Buffer.from('ID3 a sample spoken by loa voices install')
let api: SynthesisTestApi

beforeAll(async () => {
  setVoicesDir(dir)
  api = await startSynthesisTestApi()
})
afterAll(async () => {
  await api.close()
  setVoicesDir(before)
  rmSync(dir, { recursive: true, force: true })
})

const voices = async (query: string) =>
  (await api.call({ method: 'GET', url: `/api/v1/voices?${query}` })).json()

describe('installed neural voices in the catalogue', () => {
  it('lists a voice installed while the service runs, with its engine, attribution and sample', async () => {
    expect((await voices('provider=piper')).result.total).toBe(0)
    const model = writeTinyVoice(dir, 'vi_VN-tiny-x_low')
    writeFileSync(model.replace(/\.onnx$/, '.sample.mp3'), sampleBytes)
    writeFileSync(
      model.replace(/\.onnx$/, '.loa.json'),
      JSON.stringify({
        code: CODE,
        name: 'Tí (neural)',
        attribution: 'Trained on the Tiny corpus (CC BY 4.0)',
      }),
    )
    // The catalogue looks at the voices folder once a second at most: the voice shows within that.
    await expect.poll(async () => (await voices('provider=piper')).result.total, { timeout: 3_000 }).toBe(1)
    const listed = await voices('provider=piper')
    const voice = listed.result.items[0]
    expect(voice).toMatchObject({
      code: CODE,
      name: 'Tí (neural)',
      engine: 'piper',
      attribution: 'Trained on the Tiny corpus (CC BY 4.0)',
      active: true,
      level: 'NEURAL',
      credit_factor: 1,
    })
    const sample = await api.call({ method: 'GET', url: new URL(voice.sample_audio_url).pathname })
    expect(sample.statusCode).toBe(200)
    expect(sample.rawPayload.equals(sampleBytes)).toBe(true)
    const espeak = (await voices('code=hn_female_thuha_news')).result.items[0]
    expect(espeak).toMatchObject({
      engine: 'espeak',
      level: 'BASIC',
      attribution: expect.stringContaining('eSpeak NG'),
      licence: expect.stringContaining('GPL-3.0'),
    })
  })

  it('synthesizes with it through the studio API, then forgets it once removed', async () => {
    await api.setBalance('u-neural', 1_000)
    const token = await api.token('u-neural')
    const created = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: 'Xin chào, đây là giọng đọc neural.', voice_code: CODE, audio_type: 'wav' },
    })
    expect(created.statusCode, created.body).toBe(200)
    const done = await api.waitFinal(token, created.json().result.request_id)
    expect(done).toMatchObject({ status: 'SUCCESS' })
    expect(done.duration_ms).toBeGreaterThan(500)

    for (const suffix of ['.onnx.json', '.onnx', '.loa.json', '.sample.mp3'])
      rmSync(join(dir, `vi_VN-tiny-x_low${suffix}`))
    await expect.poll(async () => (await voices('provider=piper')).result.total, { timeout: 3_000 }).toBe(0)
    expect((await voices('provider=piper&active=false')).result.items[0]).toMatchObject({
      code: CODE,
      active: false,
    })
    const refused = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: 'Xin chào.', voice_code: CODE },
    })
    expect(refused.statusCode).toBe(400)
  }, 60_000)
})
