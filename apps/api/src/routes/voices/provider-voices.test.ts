import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { billableCharacters, billedCharacters } from '@loa/contracts'
import { dubbingJobs } from '@loa/dubbing/server'
import { startLoopbackProvider, type LoopbackProvider } from '@loa/tts/test-providers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const CODE = 'vi-north-female-ngoc-neural'
const KEY = 'sk-loopback-0123456789'
const dir = mkdtempSync(join(tmpdir(), 'loa-api-providers-'))
let api: SynthesisTestApi
let server: LoopbackProvider

beforeAll(async () => {
  server = await startLoopbackProvider('openai', { key: KEY })
  const file = join(dir, 'providers.json')
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        {
          id: 'vieneu',
          kind: 'openai',
          base_url: `${server.url}/v1`,
          api_key_env: 'VIENEU_KEY',
          max_retries: 1,
          // Two failed syntheses in a row pause it (the last test); every other test ends well.
          breaker_failures: 2,
          voices: [
            {
              code: CODE,
              provider_voice: 'ngoc',
              name: 'Ngọc',
              gender: 'female',
              region: 'north',
              tier: 'premium',
              credit_factor: 1.5,
            },
          ],
        },
      ],
    }),
  )
  api = await startSynthesisTestApi({ env: { VOICE_PROVIDERS_FILE: file, VIENEU_KEY: KEY }, runJobs: false })
  api.queue.register(dubbingJobs({ database: api.database, storage: api.storage, queue: api.queue }))
  await api.startJobs()
}, 120_000)
afterAll(async () => {
  await api?.close()
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const TEXT = 'Xin chào, đây là giọng đọc cao cấp của Loa.'

describe('provider voices through the API', () => {
  it('are listed by GET /api/v1/voices and GET /v1/voices with their tier, factor and state', async () => {
    const listed = (await api.call({ method: 'GET', url: '/api/v1/voices?provider=vieneu' })).json()
    expect(listed.result.items).toEqual([
      expect.objectContaining({
        code: CODE,
        name: 'Ngọc',
        engine: 'provider',
        provider: 'vieneu',
        provider_state: 'available',
        level: 'PREMIUM',
        credit_factor: 1.5,
        has_dubbing: true,
      }),
    ])
    const v1 = (await api.call({ method: 'GET', url: '/v1/voices' })).json()
    expect(v1.voices).toContainEqual(
      expect.objectContaining({
        code: CODE,
        engine: 'provider',
        providerState: 'available',
        level: 'PREMIUM',
        creditFactor: 1.5,
      }),
    )
    // The key never leaves the server.
    expect(JSON.stringify(listed)).not.toContain(KEY)
  })

  it('speaks through the studio, billed with its credit factor', async () => {
    await api.setBalance('u-provider', 1_000)
    const token = await api.token('u-provider')
    const created = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: TEXT, voice_code: CODE, audio_type: 'wav' },
    })
    expect(created.statusCode, created.body).toBe(200)
    const done = await api.waitFinal(token, created.json().result.request_id)
    expect(done).toMatchObject({ status: 'SUCCESS' })
    expect(done.duration_ms).toBeGreaterThan(1500)
    const billed = billedCharacters(billableCharacters(TEXT), 1.5)
    expect(await api.balance('u-provider')).toBe(1_000 - billed)
    const request = server.requests.at(-1)!
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(JSON.parse(request.body)).toMatchObject({ voice: 'ngoc', response_format: 'pcm', model: 'tts-1' })
  })

  it('speaks through /v1/tts (sync) and /api/v1/tts', async () => {
    await api.setBalance('u-provider-api', 1_000, 'aivoiceapi')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token: await api.token('u-provider-api'),
      payload: { name: 'Ứng dụng giọng cao cấp' },
    })
    const { app, token } = res.json().result as { app: { app_id: string }; token: string }
    const headers = { authorization: `Bearer ${token}`, 'app-id': app.app_id }
    const v1 = await api.call({
      method: 'POST',
      url: '/v1/tts',
      headers,
      payload: { text: TEXT, voiceCode: CODE, mode: 'sync', outputFormat: 'wav' },
    })
    expect(v1.statusCode, v1.body).toBe(200)
    expect(v1.json()).toMatchObject({ status: 'SUCCESS', errorCode: null })
    const old = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers: { authorization: `Bearer ${token}` },
      payload: { app_id: app.app_id, input_text: TEXT, voice_code: CODE, audio_type: 'mp3' },
    })
    expect(old.statusCode, old.body).toBe(200)
    const id = old.json().result.request_id as string
    await expect
      .poll(
        async () =>
          (
            await api.call({
              method: 'GET',
              url: `/api/v1/tts/${id}`,
              headers: { authorization: `Bearer ${token}` },
            })
          ).json().result?.status,
        { timeout: 30_000, interval: 200 },
      )
      .toBe('SUCCESS')
  })

  it('streams through POST /api/v1/tts/stream; an outage is a coded 503 before any audio, credits released', async () => {
    await api.setBalance('u-provider-stream', 1_000, 'aivoiceapi')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token: await api.token('u-provider-stream'),
      payload: { name: 'Ứng dụng phát trực tiếp' },
    })
    const { app, token } = res.json().result as { app: { app_id: string }; token: string }
    const stream = () =>
      api.call({
        method: 'POST',
        url: '/api/v1/tts/stream',
        headers: { authorization: `Bearer ${token}` },
        payload: { app_id: app.app_id, input_text: TEXT, voice_code: CODE, audio_type: 'wav' },
      })
    const ok = await stream()
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.rawPayload.subarray(0, 4).toString()).toBe('RIFF')
    const paid = 1_000 - billedCharacters(billableCharacters(TEXT), 1.5)
    await expect.poll(() => api.balance('u-provider-stream', 'aivoiceapi')).toBe(paid)
    server.down = true
    try {
      const failed = await stream()
      expect(failed.statusCode).toBe(503)
      expect(failed.json()).toMatchObject({ status: 0, error_code: 'PROVIDER_UNAVAILABLE' })
      await expect.poll(() => api.balance('u-provider-stream', 'aivoiceapi')).toBe(paid)
    } finally {
      server.down = false
    }
  })

  it('dubs a subtitle file with it', async () => {
    await api.setBalance('u-provider-dub', 1_000, 'aidubbing')
    const token = await api.token('u-provider-dub')
    const dub = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      api.call({ method, url: `/api/v1/dubbing${url}`, token, ...(payload ? { payload } : {}) })
    const srt =
      '1\n00:00:00,500 --> 00:00:03,500\nXin chào các bạn.\n\n2\n00:00:04,000 --> 00:00:07,000\nHẹn gặp lại nhé.\n'
    // The project's voice reads the lines that name no speaker.
    const created = await dub('POST', '/projects', {
      name: 'Tập cao cấp',
      subtitle_text: srt,
      voice_code: CODE,
    })
    expect(created.statusCode, created.body).toBe(200)
    const project = created.json().result as { id: string; voice_code: string }
    expect(project.voice_code).toBe(CODE)
    const before = server.requests.length
    const started = (await dub('POST', `/projects/${project.id}/render`)).json().result as { id: string }
    let render: { status: string } = { status: 'IN_PROGRESS' }
    for (let i = 0; i < 600 && render.status === 'IN_PROGRESS'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      render = (await dub('GET', `/renders/${started.id}`)).json().result
    }
    // Billed with its factor: 0.5 s → 7.0 s is 7 s of timeline, × 1.5 = 10.5 → 11 s.
    expect(render).toMatchObject({ status: 'SUCCESS', seconds: 11 })
    const inputs = server.requests.slice(before).map((r) => (JSON.parse(r.body) as { input: string }).input)
    expect(inputs.join(' ')).toContain('Hẹn gặp lại nhé')
  })

  it('an outage fails requests with PROVIDER_UNAVAILABLE, credits released, no other voice used; then the provider is paused', async () => {
    await api.setBalance('u-outage', 1_000)
    const token = await api.token('u-outage')
    const synthesize = async () => {
      const created = await api.call({
        method: 'POST',
        url: '/api/v1/synthesis',
        token,
        payload: { text: TEXT, voice_code: CODE, audio_type: 'mp3' },
      })
      expect(created.statusCode, created.body).toBe(200)
      return api.waitFinal(token, created.json().result.request_id)
    }
    server.down = true
    try {
      for (let i = 0; i < 2; i++) {
        const before = server.requests.length
        expect(await synthesize()).toMatchObject({ status: 'FAILURE', error_code: 'PROVIDER_UNAVAILABLE' })
        expect(await api.balance('u-outage')).toBe(1_000)
        // One request and its one retry, both to the provider's own voice.
        expect(server.requests.length - before).toBe(2)
      }
      // Paused: both voice lists say so, and a request fails at once without reaching the provider.
      const listed = (await api.call({ method: 'GET', url: `/api/v1/voices?code=${CODE}` })).json()
      expect(listed.result.items[0]).toMatchObject({ code: CODE, provider_state: 'paused' })
      const v1 = (await api.call({ method: 'GET', url: '/v1/voices' })).json()
      expect(v1.voices).toContainEqual(expect.objectContaining({ code: CODE, providerState: 'paused' }))
      const before = server.requests.length
      expect(await synthesize()).toMatchObject({ status: 'FAILURE', error_code: 'PROVIDER_UNAVAILABLE' })
      expect(server.requests.length).toBe(before)
      expect(await api.balance('u-outage')).toBe(1_000)
    } finally {
      server.down = false
    }
  })
})
