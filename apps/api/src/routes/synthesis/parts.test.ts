/**
 * Listening while it renders (issue 31): a studio MP3 is published in parts while its job runs; the parts are
 * served to their owner while it renders, joined they are the whole file, and they are gone once it is final.
 */
import { concatBytes } from '@loa/tts'
import type { JobContext } from '@loa/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderContext, startSynthesisTestApi, type SynthesisTestApi } from './test-setup.ts'

const PARAGRAPHS = [
  {
    text: 'Chào mừng các bạn đến với bản tin sáng nay. Hôm nay trời Hà Nội nắng đẹp.',
    voice_code: 'hn_male_quanganh_news',
  },
  {
    text: 'Ở Sài Gòn, chiều nay có mưa rào. Các bạn nhớ mang theo áo mưa khi ra đường nhé.',
    voice_code: 'sg_female_kimngan_news',
  },
]

describe('studio synthesis: audio parts while it renders', () => {
  let api: SynthesisTestApi
  beforeAll(async () => {
    api = await startSynthesisTestApi({ runJobs: false })
  }, 240_000)
  afterAll(() => api?.close())

  /** A studio request of the two paragraphs, accepted (its job not run yet). */
  const create = async (sub: string, audioType: 'mp3' | 'wav') => {
    await api.setBalance(sub, 5_000)
    const token = await api.token(sub)
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { paragraphs: PARAGRAPHS, audio_type: audioType },
    })
    expect(res.statusCode, res.body).toBe(200)
    const created = res.json().result
    return { token, id: created.request_id as string, created }
  }
  const render = () => api.definitions.find((d) => d.name === 'synthesis.render')!.handler

  it('serves each part to its owner while the request renders; joined they are the file; gone once final', async () => {
    const { token, id, created } = await create('u-parts', 'mp3')
    expect(created.audio_parts).toBe(0)

    // The job announces each part; at that moment the request still renders and the part is there to play.
    const parts: Uint8Array[] = []
    const seen: { status: string; audioParts: number; nextPart: number; nextCode: string }[] = []
    const progress: JobContext['progress'] = async (value) => {
      const count = (value as { audioParts: number }).audioParts
      const detail = (await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}`, token })).json().result
      const part = await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}/parts/${count - 1}`, token })
      expect(part.statusCode, part.body).toBe(200)
      expect(part.headers['content-type']).toBe('audio/mpeg')
      parts.push(new Uint8Array(part.rawPayload))
      const next = await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}/parts/${count}`, token })
      seen.push({
        status: detail.status,
        audioParts: detail.audio_parts,
        nextPart: next.statusCode,
        nextCode: next.json().error_code,
      })
    }
    expect(await render()({ requestId: id }, renderContext(id, { progress }))).toMatchObject({
      outcome: 'SUCCESS',
    })

    // Several parts (a sentence is published as soon as it is encoded), each seen while IN_PROGRESS.
    expect(parts.length).toBeGreaterThanOrEqual(2)
    expect(seen.map((s) => s.audioParts)).toEqual(parts.map((_, i) => i + 1))
    for (const s of seen)
      expect(s).toMatchObject({ status: 'IN_PROGRESS', nextPart: 409, nextCode: 'SYNTHESIS_NOT_READY' })

    // Joined in order, the parts are the whole file byte for byte: no padding or priming between them.
    const whole = await api.storage.getBytes(`synthesis/${id}/audio.mp3`)
    expect(Buffer.from(concatBytes(parts)).equals(Buffer.from(whole))).toBe(true)

    // Final: the count stays, the parts are removed (the whole file replaces them).
    const done = (await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}`, token })).json().result
    expect(done).toMatchObject({ status: 'SUCCESS', audio_parts: parts.length })
    expect(await api.storage.exists(`synthesis/${id}/parts/0.mp3`)).toBe(false)
    const gone = await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}/parts/0`, token })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error_code).toBe('FILE_NOT_FOUND')
    const past = await api.call({
      method: 'GET',
      url: `/api/v1/synthesis/${id}/parts/${parts.length}`,
      token,
    })
    expect(past.json().error_code).toBe('SYNTHESIS_NOT_FOUND')
  }, 120_000)

  it('publishes no parts for a WAV request (the studio plays WAV only once it is whole)', async () => {
    const { token, id } = await create('u-parts-wav', 'wav')
    const announced: unknown[] = []
    await render()({ requestId: id }, renderContext(id, { progress: async (v) => void announced.push(v) }))
    const done = (await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}`, token })).json().result
    expect(done).toMatchObject({ status: 'SUCCESS', audio_parts: 0 })
    expect(announced).toEqual([])
  }, 120_000)
})
