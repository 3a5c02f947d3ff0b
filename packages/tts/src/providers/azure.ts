/**
 * `azure`: Azure AI Speech text-to-speech REST — `POST {base}/cognitiveservices/v1` with an SSML document
 * (`Ocp-Apim-Subscription-Key`, `X-Microsoft-OutputFormat`), base `https://{region}.tts.speech.microsoft.com`.
 * Loa asks for headerless streaming PCM (`raw-*-16bit-mono-pcm`) at the rate nearest the caller's and streams
 * it through. The REST API gives no word times (they are estimated).
 */
import { escapeXml, rawPcm } from './pcm.ts'
import type { ProviderAdapter, ProviderRequest } from './types.ts'

/** Raw PCM formats Azure streams, by rate. */
const FORMATS: [number, string][] = [
  [8000, 'raw-8khz-16bit-mono-pcm'],
  [16000, 'raw-16khz-16bit-mono-pcm'],
  [22050, 'raw-22050hz-16bit-mono-pcm'],
  [24000, 'raw-24khz-16bit-mono-pcm'],
  [44100, 'raw-44100hz-16bit-mono-pcm'],
  [48000, 'raw-48khz-16bit-mono-pcm'],
]

/** The format at the caller's rate, else the smallest above it (voices are native 24 kHz). */
const formatFor = (rate: number): [number, string] =>
  FORMATS.find(([r]) => r === rate) ?? FORMATS.find(([r]) => r >= rate) ?? FORMATS[3]!

/** Loa's speed as SSML prosody (relative rate in percent). */
const prosodyRate = (speed: number): string => {
  const pct = Math.round((speed - 1) * 100)
  return `${pct >= 0 ? '+' : ''}${pct}%`
}

export const ssmlOf = (request: Pick<ProviderRequest, 'text' | 'voice' | 'speed'>): string =>
  `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(request.voice.languageCode)}">` +
  `<voice name="${escapeXml(request.voice.providerVoice)}"><prosody rate="${prosodyRate(request.speed)}">` +
  `${escapeXml(request.text)}</prosody></voice></speak>`

export const adapter: ProviderAdapter = {
  // Well inside the 64 KB SSML and 10-minute audio limits per request.
  maxChars: 3000,
  size: (text) => escapeXml(text).length,
  async synthesize(request, http) {
    const [rate, format] = formatFor(request.sampleRate)
    const key = http.config.apiKey?.()
    const response = await http.send(`${http.config.base_url.replace(/\/+$/, '')}/cognitiveservices/v1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': format,
        'User-Agent': 'loa',
        ...(key ? { 'Ocp-Apim-Subscription-Key': key } : {}),
      },
      body: ssmlOf(request),
    })
    return { sampleRate: rate, pcm: rawPcm(response.body), words: () => undefined }
  },
}
