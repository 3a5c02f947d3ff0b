/**
 * `google`: Cloud Text-to-Speech REST `POST {base}/v1beta1/text:synthesize` (base
 * `https://texttospeech.googleapis.com`, key in `X-Goog-Api-Key`). Loa sends SSML with a `<mark>` before each
 * word and `enableTimePointing: ["SSML_MARK"]`, so the answer's `timepoints` time every word; the audio is
 * `LINEAR16` (a WAV) at the caller's rate. Chirp 3 HD voices take no SSML: they get plain text and estimated
 * times. The 5000-byte limit counts the SSML with its marks.
 */
import { tokenize } from '../engines/words.ts'
import { base64Bytes, escapeXml, once, wavPcm } from './pcm.ts'
import type { ProviderAdapter, ProviderRequest, ProviderWord } from './types.ts'

const MAX_BYTES = 5000

const plainText = (voice: string): boolean => /chirp3/i.test(voice)

/** SSML with a mark `w<i>` before word i. */
export const markedSsml = (text: string): string => {
  let out = '<speak>'
  let at = 0
  tokenize(text).forEach((t, i) => {
    out += `${escapeXml(text.slice(at, t.offset))}<mark name="w${i}"/>${escapeXml(t.text)}`
    at = t.offset + t.length
  })
  return `${out}${escapeXml(text.slice(at))}</speak>`
}

interface SynthesizeResponse {
  audioContent?: string
  timepoints?: { markName?: string; timeSeconds?: number }[]
}

const wordsOf = (
  text: string,
  answer: SynthesizeResponse,
  durationMs: number,
): ProviderWord[] | undefined => {
  const tokens = tokenize(text)
  const times = new Map<string, number>()
  for (const t of answer.timepoints ?? [])
    if (t.markName !== undefined && typeof t.timeSeconds === 'number')
      times.set(t.markName, t.timeSeconds * 1000)
  if (tokens.length === 0 || times.size !== tokens.length) return undefined
  return tokens.map((t, i) => ({
    offset: t.offset,
    length: t.length,
    startMs: times.get(`w${i}`)!,
    endMs: times.get(`w${i + 1}`) ?? durationMs,
  }))
}

const bodyOf = (request: ProviderRequest) => ({
  input: plainText(request.voice.providerVoice) ? { text: request.text } : { ssml: markedSsml(request.text) },
  voice: { languageCode: request.voice.languageCode, name: request.voice.providerVoice },
  audioConfig: {
    audioEncoding: 'LINEAR16',
    sampleRateHertz: request.sampleRate,
    speakingRate: Math.min(4, Math.max(0.25, request.speed)),
  },
  ...(plainText(request.voice.providerVoice) ? {} : { enableTimePointing: ['SSML_MARK'] }),
})

export const adapter: ProviderAdapter = {
  maxChars: MAX_BYTES,
  size: (text) => Buffer.byteLength(markedSsml(text)),
  async synthesize(request, http) {
    const key = http.config.apiKey?.()
    const response = await http.send(`${http.config.base_url.replace(/\/+$/, '')}/v1beta1/text:synthesize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { 'X-Goog-Api-Key': key } : {}) },
      body: JSON.stringify(bodyOf(request)),
    })
    const answer = (await response.json()) as SynthesizeResponse
    const { sampleRate, pcm } = wavPcm(base64Bytes(answer.audioContent ?? ''), http.config.id)
    const words = wordsOf(request.text, answer, (pcm.length / sampleRate) * 1000)
    return { sampleRate, pcm: once(pcm), words: () => words }
  },
}
