/**
 * `fpt`: FPT.AI TTS v5 — `POST {base}/hmi/tts/v5` (base `https://api.fpt.ai`) with the raw text as body and
 * `api_key`, `voice`, `speed` (−3…+3), `format: wav` headers. The answer `{"async": <link>, "error": 0, …}`
 * names a file that appears 5 s – 2 min later: Loa polls the link (404 until ready) within the provider's
 * time limit, rather than take FPT's callback (which needs an address FPT can reach), then reads the WAV.
 */
import { TtsError } from '../errors.ts'
import { once, wavPcm } from './pcm.ts'
import type { ProviderAdapter } from './types.ts'

const MIN_CHARS = 3
const POLL_MS = 500

/** Loa's speed 0.25–1.9 onto FPT's −3…+3 (1 → 0). */
export const fptSpeed = (speed: number): number => Math.max(-3, Math.min(3, Math.round((speed - 1) / 0.3)))

export const adapter: ProviderAdapter = {
  maxChars: 5000,
  size: (text) => text.length,
  async synthesize(request, http) {
    const key = http.config.apiKey?.()
    const text = request.text.padEnd(MIN_CHARS, '.')
    const response = await http.send(`${http.config.base_url.replace(/\/+$/, '')}/hmi/tts/v5`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        voice: request.voice.providerVoice,
        speed: String(fptSpeed(request.speed)),
        format: 'wav',
        ...(key ? { api_key: key } : {}),
      },
      body: text,
    })
    const answer = (await response.json()) as { async?: string; error?: number; message?: string }
    if (answer.error !== 0 || typeof answer.async !== 'string')
      throw new TtsError(
        'PROVIDER_REJECTED',
        `${http.config.id} refused the text: ${answer.message ?? 'no link'}`,
      )
    for (;;) {
      const file = await fetch(answer.async, { signal: http.signal }).catch(() => undefined)
      if (file?.ok) {
        const { sampleRate, pcm } = wavPcm(new Uint8Array(await file.arrayBuffer()), http.config.id)
        return { sampleRate, pcm: once(pcm), words: () => undefined }
      }
      await file?.body?.cancel()
      // Not there yet (404) or not reachable for a moment: wait; the request's time limit (or the caller's
      // cancel) ends the wait with its coded error.
      await http.sleep(POLL_MS)
    }
  },
}
