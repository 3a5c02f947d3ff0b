/**
 * `openai`: any server speaking OpenAI's `POST {base}/audio/speech` (OpenAI, VieNeu-TTS, Kokoro-FastAPI,
 * openedai-speech…). Loa asks for `pcm` (raw 16-bit LE mono, 24 kHz unless the server says otherwise in
 * `Content-Type: audio/pcm;rate=N` or `X-Sample-Rate`) and streams the body through as it arrives.
 */
import { rawPcm } from './pcm.ts'
import type { ProviderAdapter } from './types.ts'

/** OpenAI's documented `input` limit. */
const MAX_INPUT = 4096
const OPENAI_PCM_RATE = 24_000

const rateOf = (headers: Headers): number => {
  const fromType = /rate=(\d+)/i.exec(headers.get('content-type') ?? '')?.[1]
  const rate = Number(fromType ?? headers.get('x-sample-rate') ?? OPENAI_PCM_RATE)
  return Number.isInteger(rate) && rate >= 8000 && rate <= 96_000 ? rate : OPENAI_PCM_RATE
}

export const adapter: ProviderAdapter = {
  maxChars: MAX_INPUT,
  size: (text) => text.length,
  async synthesize(request, http) {
    const key = http.config.apiKey?.()
    const response = await http.send(`${http.config.base_url.replace(/\/+$/, '')}/audio/speech`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/octet-stream',
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({
        model: http.config.model ?? 'tts-1',
        input: request.text,
        voice: request.voice.providerVoice,
        response_format: 'pcm',
        speed: Math.min(4, Math.max(0.25, request.speed)),
      }),
    })
    return { sampleRate: rateOf(response.headers), pcm: rawPcm(response.body), words: () => undefined }
  },
}
