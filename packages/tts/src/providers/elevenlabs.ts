/**
 * `elevenlabs`: `POST {base}/v1/text-to-speech/{voice_id}/stream/with-timestamps?output_format=pcm_<rate>`
 * (`xi-api-key`; base `https://api.elevenlabs.io`). The answer is newline-delimited JSON chunks
 * `{audio_base64, alignment:{characters, character_start_times_seconds, character_end_times_seconds}}`: audio is
 * streamed through as each line arrives and the character alignment is grouped into Loa's words.
 */
import { tokenize } from '../engines/words.ts'
import { base64Bytes, samplesOf } from './pcm.ts'
import type { ProviderAdapter, ProviderWord } from './types.ts'

/** Raw PCM rates offered on every plan (44.1 kHz needs Pro: Loa resamples instead). */
const RATES = [8000, 16000, 22050, 24000]
const DEFAULT_MODEL = 'eleven_flash_v2_5'

interface Alignment {
  characters?: string[]
  character_start_times_seconds?: number[]
  character_end_times_seconds?: number[]
}

/** Character times → word times (the alignment's characters are the request's text, in order). */
export const wordsFromAlignment = (
  text: string,
  chars: string[],
  starts: number[],
  ends: number[],
): ProviderWord[] | undefined => {
  if (chars.join('') !== text || starts.length !== chars.length || ends.length !== chars.length)
    return undefined
  // Alignment is per UTF-16 character of the joined text (each entry is one character).
  const unitIndex: number[] = []
  chars.forEach((c, i) => {
    for (let k = 0; k < c.length; k++) unitIndex.push(i)
  })
  return tokenize(text).map((t) => ({
    offset: t.offset,
    length: t.length,
    startMs: starts[unitIndex[t.offset]!]! * 1000,
    endMs: ends[unitIndex[t.offset + t.length - 1]!]! * 1000,
  }))
}

async function* lines(body: ReadableStream<Uint8Array> | null): AsyncGenerator<string> {
  if (!body) return
  const decoder = new TextDecoder()
  let rest = ''
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true })
    let nl: number
    while ((nl = rest.indexOf('\n')) >= 0) {
      const line = rest.slice(0, nl).trim()
      rest = rest.slice(nl + 1)
      if (line !== '') yield line
    }
  }
  if (rest.trim() !== '') yield rest.trim()
}

export const adapter: ProviderAdapter = {
  maxChars: 10_000,
  size: (text) => text.length,
  async synthesize(request, http) {
    const rate = RATES.includes(request.sampleRate) ? request.sampleRate : 24000
    const key = http.config.apiKey?.()
    const base = http.config.base_url.replace(/\/+$/, '')
    const voice = encodeURIComponent(request.voice.providerVoice)
    const response = await http.send(
      `${base}/v1/text-to-speech/${voice}/stream/with-timestamps?output_format=pcm_${rate}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key ? { 'xi-api-key': key } : {}) },
        body: JSON.stringify({
          text: request.text,
          model_id: http.config.model ?? DEFAULT_MODEL,
          language_code: request.voice.languageCode.slice(0, 2),
          voice_settings: { speed: Math.min(1.2, Math.max(0.7, request.speed)) },
        }),
      },
    )
    const chars: string[] = []
    const starts: number[] = []
    const ends: number[] = []
    let carry = new Uint8Array(0)
    async function* pcm(): AsyncGenerator<Int16Array> {
      for await (const line of lines(response.body)) {
        const chunk = JSON.parse(line) as { audio_base64?: string; alignment?: Alignment | null }
        const a = chunk.alignment
        if (a?.characters) {
          chars.push(...a.characters)
          starts.push(...(a.character_start_times_seconds ?? []))
          ends.push(...(a.character_end_times_seconds ?? []))
        }
        if (!chunk.audio_base64) continue
        let bytes = base64Bytes(chunk.audio_base64)
        if (carry.length > 0) bytes = new Uint8Array([...carry, ...bytes])
        const even = bytes.length & ~1
        carry = bytes.slice(even)
        if (even > 0) yield samplesOf(bytes.subarray(0, even))
      }
    }
    return {
      sampleRate: rate,
      pcm: pcm(),
      words: () => wordsFromAlignment(request.text, chars, starts, ends),
    }
  },
}
