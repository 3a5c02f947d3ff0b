import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  startLoopbackProvider,
  type LoopbackKind,
  type LoopbackProvider,
} from '../../test/providers/loopback.ts'
import { voiceProvidersFileSchema } from '@loa/contracts'
import { parseWav } from '../audio/wav.ts'
import { synthesize, synthesizeStream } from '../pipeline/synthesize.ts'
import { closeSharedPool } from '../worker/pool.ts'
import { findVoice, listVoices } from '../voices.ts'
import { ssmlOf } from './azure.ts'
import { configureVoiceProviders, providerState } from './state.ts'
import type { ProviderConfig } from './types.ts'

const PROVIDER_VOICE: Record<LoopbackKind, string> = {
  openai: 'ngoc',
  azure: 'vi-VN-HoaiMyNeural',
  google: 'vi-VN-Neural2-A',
  elevenlabs: 'voice123',
  fpt: 'banmai',
}

const configFor = (server: LoopbackProvider, extra: Record<string, unknown> = {}): ProviderConfig => {
  const base = server.kind === 'openai' ? `${server.url}/v1` : server.url
  const [entry] = voiceProvidersFileSchema.parse({
    providers: [
      {
        id: `p-${server.kind}`,
        kind: server.kind,
        base_url: base,
        api_key_env: 'LOOPBACK_KEY',
        max_retries: 2,
        ...extra,
        voices: [
          {
            code: `vi-north-female-${server.kind}`,
            provider_voice: PROVIDER_VOICE[server.kind],
            name: `Ngọc (${server.kind})`,
            gender: 'female',
            region: 'north',
            tier: 'premium',
            credit_factor: 1.5,
          },
        ],
      },
    ],
  }).providers
  return { ...entry!, apiKey: () => 'test-key' }
}

const servers: LoopbackProvider[] = []
const start = async (kind: LoopbackKind, options = {}) => {
  const server = await startLoopbackProvider(kind, options)
  servers.push(server)
  return server
}

afterEach(async () => {
  configureVoiceProviders([])
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
afterAll(() => closeSharedPool())

const TEXT = 'Xin chào các bạn. Hôm nay trời đẹp lắm, chúng ta đi chơi nhé!'

describe('provider voices through the pipeline', () => {
  it('are listed and found by the voice registry with their tier and credit factor', async () => {
    const server = await start('openai')
    configureVoiceProviders([configFor(server)])
    const voice = findVoice('vi-north-female-openai')
    expect(voice).toMatchObject({ tier: 'PREMIUM', creditFactor: 1.5, region: 'NORTH', gender: 'FEMALE' })
    expect(voice?.provider).toMatchObject({ providerId: 'p-openai', kind: 'openai', providerVoice: 'ngoc' })
    expect(listVoices().at(-1)?.code).toBe('vi-north-female-openai')
    expect(JSON.stringify(configFor(server))).not.toContain('test-key')
  })

  for (const kind of ['openai', 'azure', 'google', 'elevenlabs', 'fpt'] as const)
    it(`${kind}: speaks the normalized text at the caller's rate and times every word`, async () => {
      const server = await start(kind)
      configureVoiceProviders([configFor(server)])
      const result = await synthesize({
        text: TEXT,
        voice: `vi-north-female-${kind}`,
        format: 'wav',
        sampleRate: 22050,
        dictionary: [{ word: 'trời', reading: 'giời' }],
      })
      const wav = parseWav(result.audio)
      expect(wav.sampleRate).toBe(22050)
      expect(result.engine.id).toBe('provider')
      // 14 words (tone each) and two sentences: a few seconds of audio.
      expect(result.durationMs).toBeGreaterThan(2500)
      expect(Math.abs((wav.pcm.length / 22050) * 1000 - result.durationMs)).toBeLessThan(5)
      expect(result.timeline.words.map((w) => w.text)).toContain('giời')
      expect(result.timeline.words).toHaveLength(14)
      expect(result.timeline.sentences.map((s) => s.source)).toEqual([
        'Xin chào các bạn.',
        'Hôm nay trời đẹp lắm, chúng ta đi chơi nhé!',
      ])
      expect(result.timeline.wordTiming).toBe(
        kind === 'google' || kind === 'elevenlabs' ? 'events' : 'estimated',
      )
      const first = server.requests.find((r) => r.method === 'POST')!
      // Loa's normalizer and the user's dictionary ran before the provider saw the text.
      expect(first.body).toContain('giời')
      expect(first.body).not.toContain('trời')
    })

  it('google: word times come from the SSML marks (events), each word at its tone', async () => {
    const server = await start('google')
    configureVoiceProviders([configFor(server)])
    const result = await synthesize({
      text: 'Một hai ba.',
      voice: 'vi-north-female-google',
      format: 'wav',
      sampleRate: 24000,
    })
    expect(result.timeline.words.map((w) => Math.round(w.startMs))).toEqual([0, 240, 480])
    const body = JSON.parse(server.requests[0]!.body) as {
      input: { ssml: string }
      enableTimePointing: string[]
    }
    expect(body.input.ssml).toBe(
      '<speak><mark name="w0"/>Một <mark name="w1"/>hai <mark name="w2"/>ba.</speak>',
    )
    expect(body.enableTimePointing).toEqual(['SSML_MARK'])
  })

  it('azure: SSML with the voice named, the text escaped, the PCM format asked in the header', async () => {
    const server = await start('azure')
    configureVoiceProviders([configFor(server)])
    await synthesize({ text: 'A & B.', voice: 'vi-north-female-azure', format: 'wav', sampleRate: 24000 })
    const req = server.requests[0]!
    expect(req.headers['x-microsoft-outputformat']).toBe('raw-24khz-16bit-mono-pcm')
    expect(req.headers['content-type']).toBe('application/ssml+xml')
    expect(req.body).toMatch(
      /<voice name="vi-VN-HoaiMyNeural"><prosody rate="\+0%">A và bê\.<\/prosody><\/voice><\/speak>$/,
    )
    const voice = { providerId: 'x', kind: 'azure' as const, providerVoice: 'v"1', languageCode: 'vi-VN' }
    expect(ssmlOf({ text: `<b> & 'c'`, voice, speed: 1.5 })).toContain(
      '<voice name="v&quot;1"><prosody rate="+50%">&lt;b&gt; &amp; &apos;c&apos;</prosody>',
    )
  })

  it('long texts are split at sentence ends within the provider limit, the next request started ahead', async () => {
    const server = await start('openai', { chunkMs: 50, chunkDelayMs: 20 })
    configureVoiceProviders([configFor(server, { max_chars: 60 })])
    const sentence = 'Đây là một câu khá dài để thử việc chia văn bản.'
    await synthesize({
      text: `${sentence} ${sentence} ${sentence}`,
      voice: 'vi-north-female-openai',
      format: 'wav',
    })
    const inputs = server.requests.map((r) => (JSON.parse(r.body) as { input: string }).input)
    expect(inputs.length).toBe(3)
    for (const input of inputs) {
      expect(input.length).toBeLessThanOrEqual(60)
      expect(input.endsWith('.')).toBe(true)
    }
    // While one request streams out, the next one is already generating (one ahead, never more).
    expect(server.peak).toBe(2)
  })

  it('streams MP3 whose first bytes come before the provider has finished', async () => {
    const server = await start('openai', { chunkMs: 100, chunkDelayMs: 40 })
    configureVoiceProviders([configFor(server)])
    const stream = synthesizeStream({
      text: TEXT,
      voice: 'vi-north-female-openai',
      format: 'mp3',
      sampleRate: 24000,
    })
    let firstAt = 0
    let bytes = 0
    for await (const chunk of stream) {
      if (bytes === 0) firstAt = server.inFlight
      bytes += chunk.length
    }
    // The provider was still sending when Loa handed out its first bytes.
    expect(firstAt).toBe(1)
    expect((await stream.summary).durationMs).toBeGreaterThan(2500)
  })
})

describe('provider failures', () => {
  it('retries a 429 honouring Retry-After, then succeeds', async () => {
    const server = await start('openai')
    server.failures.push({ status: 429, retryAfter: '0' }, { status: 503, retryAfter: '0' })
    configureVoiceProviders([configFor(server)])
    const result = await synthesize({ text: 'Xin chào.', voice: 'vi-north-female-openai', format: 'wav' })
    expect(result.durationMs).toBeGreaterThan(0)
    expect(server.requests).toHaveLength(3)
  })

  it('maps statuses to coded errors and never tries another voice', async () => {
    const cases: [number, string][] = [
      [401, 'PROVIDER_AUTH_FAILED'],
      [400, 'PROVIDER_REJECTED'],
      [429, 'PROVIDER_RATE_LIMITED'],
      [503, 'PROVIDER_UNAVAILABLE'],
    ]
    for (const [status, code] of cases) {
      const server = await start('elevenlabs')
      server.failures.push(...Array.from({ length: 3 }, () => ({ status, retryAfter: '0' })))
      configureVoiceProviders([configFor(server)])
      await expect(
        synthesize({ text: 'Xin chào.', voice: 'vi-north-female-elevenlabs', format: 'wav' }),
      ).rejects.toMatchObject({ name: 'TtsError', code })
      // 4xx other than 429 are not retried; 429/5xx are, up to max_retries.
      expect(server.requests).toHaveLength(status === 429 || status === 503 ? 3 : 1)
      expect(server.requests.every((r) => r.path.startsWith('/v1/text-to-speech/voice123/'))).toBe(true)
    }
  })

  it('a provider that keeps failing is paused (circuit breaker) and fails at once', async () => {
    const server = await start('openai')
    server.down = true
    configureVoiceProviders([configFor(server, { max_retries: 0, breaker_failures: 2 })])
    for (let i = 0; i < 2; i++)
      await expect(synthesize({ text: 'Xin chào.', voice: 'vi-north-female-openai' })).rejects.toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
      })
    expect(providerState('p-openai')).toBe('paused')
    await expect(synthesize({ text: 'Xin chào.', voice: 'vi-north-female-openai' })).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: expect.stringContaining('paused'),
    })
    expect(server.requests).toHaveLength(2)
  })

  it('holds the concurrency limit and times requests out', async () => {
    const server = await start('openai', { chunkMs: 50, chunkDelayMs: 20 })
    configureVoiceProviders([configFor(server, { concurrency: 3 })])
    await Promise.all(
      Array.from({ length: 10 }, () =>
        synthesize({ text: 'Một hai ba.', voice: 'vi-north-female-openai', format: 'wav' }),
      ),
    )
    expect(server.peak).toBe(3)
    // The limit is on silence, not on length: audio that keeps coming for longer than it is not cut.
    const long = await start('openai', { chunkMs: 100, chunkDelayMs: 60 })
    configureVoiceProviders([configFor(long, { timeout_ms: 400, max_retries: 0 })])
    const spoken = await synthesize({ text: TEXT, voice: 'vi-north-female-openai', format: 'wav' })
    expect(spoken.durationMs).toBeGreaterThan(2500)
    const slow = await start('openai', { firstByteDelayMs: 2000 })
    configureVoiceProviders([configFor(slow, { timeout_ms: 200, max_retries: 0 })])
    await expect(synthesize({ text: 'Xin chào.', voice: 'vi-north-female-openai' })).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: expect.stringContaining('200 ms'),
    })
  })
})
