import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeAudio, hasFfmpeg, warnNoFfmpeg } from '../../test/ffmpeg-audio.ts'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

/**
 * Telephone audio on every synthesis path (issue 30 §3): the studio's downloads, `POST /api/v1/tts` (job),
 * `POST /api/v1/tts/stream`, `POST /v1/tts`. Every file is read by ffmpeg as 8 kHz G.711 / PCM of the length
 * the request reports, and is speech (not silence).
 */
warnNoFfmpeg('telephone audio on the synthesis paths')

let api: SynthesisTestApi
beforeAll(async () => {
  api = await startSynthesisTestApi()
}, 120_000)
afterAll(async () => {
  await api?.close()
})

const TEXT = 'Xin chào, đây là tổng đài chăm sóc khách hàng.'

const newApp = async (sub: string) => {
  await api.setBalance(sub, 10_000, 'aivoiceapi')
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token(sub),
    payload: { name: 'Tổng đài' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { app, token } = res.json().result as { app: { app_id: string }; token: string }
  return { authorization: `Bearer ${token}`, 'app-id': app.app_id }
}

const fetchLink = async (link: string) => {
  const url = new URL(link)
  const res = await api.call({ method: 'GET', url: url.pathname + url.search })
  expect(res.statusCode).toBe(200)
  return {
    bytes: new Uint8Array(res.rawPayload),
    type: res.headers['content-type'],
    disposition: res.headers['content-disposition'],
  }
}

const RAW = { ulaw: ['-f', 'mulaw', '-ar', '8000'], alaw: ['-f', 'alaw', '-ar', '8000'] }

describe.skipIf(!hasFfmpeg)('telephone audio on every synthesis path', () => {
  it('POST /v1/tts sync: outputFormat ulaw_wav is a tag-7 WAV at 8 kHz with its fact chunk', async () => {
    const headers = await newApp('tel-v1')
    const res = await api.call({
      method: 'POST',
      url: '/v1/tts',
      headers,
      payload: { text: TEXT, mode: 'sync', outputFormat: 'ulaw_wav', sampleRate: 22050 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ outputFormat: 'ulaw_wav', sampleRate: 8000 })
    const file = await fetchLink(body.audioLink)
    expect(file.disposition).toContain('.wav')
    const view = new DataView(file.bytes.buffer, file.bytes.byteOffset)
    expect(view.getUint16(20, true)).toBe(7)
    expect(String.fromCharCode(...file.bytes.subarray(38, 42))).toBe('fact')
    const audio = decodeAudio(file.bytes)
    expect(audio).toMatchObject({ codec: 'pcm_mulaw', sampleRate: 8000 })
    expect(Math.abs(audio.durationMs - body.durationMs)).toBeLessThan(5)
    expect(audio.rms).toBeGreaterThan(300)
  }, 120_000)

  it('POST /api/v1/tts (job): audio_type alaw is raw 8 kHz A-law, served as audio/x-alaw-basic', async () => {
    const headers = await newApp('tel-api')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers: { authorization: headers.authorization },
      payload: { input_text: TEXT, audio_type: 'alaw', voice_code: 'hn_female_thuha_news' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().result.request_id as string
    let status: Record<string, unknown> = {}
    for (let i = 0; i < 600 && status.status !== 'SUCCESS'; i++) {
      status = (
        await api.call({
          method: 'GET',
          url: `/api/v1/tts/${id}`,
          headers: { authorization: headers.authorization },
        })
      ).json().result
      if (status.status === 'FAILURE') throw new Error(JSON.stringify(status))
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(status).toMatchObject({ audio_type: 'alaw', sample_rate: 8000 })
    const file = await fetchLink(status.audio_link as string)
    expect(file.type).toBe('audio/x-alaw-basic')
    expect(file.disposition).toContain('.alaw')
    const audio = decodeAudio(file.bytes, RAW.alaw)
    expect(file.bytes.length).toBe(audio.pcm.length)
    expect(Math.abs(audio.durationMs - (status.duration_ms as number))).toBeLessThan(5)
    expect(audio.rms).toBeGreaterThan(300)
  }, 120_000)

  it('POST /api/v1/tts/stream: audio_type ulaw streams raw μ-law, and pcm at 8000 Hz is band-limited PCM', async () => {
    const headers = { authorization: (await newApp('tel-stream')).authorization }
    const ulaw = await api.call({
      method: 'POST',
      url: '/api/v1/tts/stream',
      headers,
      payload: { input_text: TEXT, audio_type: 'ulaw', voice_code: 'hn_female_thuha_news' },
    })
    expect(ulaw.statusCode, ulaw.body).toBe(200)
    expect(ulaw.headers['content-type']).toBe('audio/basic')
    const decoded = decodeAudio(new Uint8Array(ulaw.rawPayload), RAW.ulaw)
    expect(decoded.durationMs).toBeGreaterThan(1500)
    expect(decoded.rms).toBeGreaterThan(300)
    const pcm = await api.call({
      method: 'POST',
      url: '/api/v1/tts/stream',
      headers,
      payload: { input_text: TEXT, audio_type: 'pcm', sample_rate: 8000, voice_code: 'hn_female_thuha_news' },
    })
    expect(pcm.statusCode, pcm.body).toBe(200)
    // The same speech: as many 8 kHz samples as μ-law bytes.
    expect(pcm.rawPayload.length).toBe(ulaw.rawPayload.length * 2)
  }, 120_000)

  it('studio downloads: a finished MP3 request downloads as A-law WAV and as 8 kHz 16-bit WAV', async () => {
    const sub = 'tel-studio'
    await api.setBalance(sub, 10_000)
    const token = await api.token(sub)
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: TEXT, voice_code: 'hn_female_thuha_news' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().result.request_id as string
    const done = await api.waitFinal(token, id)
    expect(done.status).toBe('SUCCESS')
    const download = async (format: string) => {
      const link = await api.call({
        method: 'GET',
        url: `/api/v1/synthesis/${id}/download?format=${format}`,
        token,
      })
      expect(link.statusCode, link.body).toBe(200)
      return fetchLink(link.json().result.url)
    }
    const alaw = await download('alaw_wav')
    expect(alaw.disposition).toContain('.wav')
    const a = decodeAudio(alaw.bytes)
    expect(a).toMatchObject({ codec: 'pcm_alaw', sampleRate: 8000 })
    // The MP3's length counts its encoders' delay and padding (tens of ms per block); the PCM's does not.
    expect(Math.abs(a.durationMs - (done.duration_ms as number))).toBeLessThan(200)
    const wav = decodeAudio((await download('wav_8000')).bytes)
    expect(wav).toMatchObject({ codec: 'pcm_s16le', sampleRate: 8000 })
    expect(wav.pcm.length).toBe(a.pcm.length)
    const sln16 = await download('pcm_16000')
    expect(sln16.disposition).toContain('.pcm')
    expect(decodeAudio(sln16.bytes, ['-f', 's16le', '-ar', '16000']).rms).toBeGreaterThan(300)
  }, 120_000)
})
