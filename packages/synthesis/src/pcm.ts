import { concatBytes, parseWav, TELEPHONY_RENDER_RATE, type AudioFormat } from '@loa/tts'
import { renderSynthesis, type RenderInput, type RenderOutput } from './render.ts'
import { g711MimeOf, telephonyFile, telephonyTargetOf } from './telephony.ts'

/**
 * Audio types a request may ask for: the renderer's formats, raw PCM (the WAV's samples, no header) and the
 * telephone line's G.711 at 8 kHz, raw or WAV-wrapped (telephony.ts).
 */
export const AUDIO_TYPES = ['mp3', 'wav', 'pcm', 'ulaw', 'alaw', 'ulaw_wav', 'alaw_wav'] as const
export type AudioType = (typeof AUDIO_TYPES)[number]

/**
 * Content type of a stored `pcm` file. `audio/L16` (RFC 2586) means big-endian samples, and ours are
 * little-endian (as WAV's and Vbee's), so the bytes are served as plain binary; the request says what they
 * are (`outputFormat: "pcm"`, `sampleRate`, 16-bit signed little-endian, mono). docs/decisions.md.
 */
export const PCM_CONTENT_TYPE = 'application/octet-stream'

/** What the renderer makes for an audio type: PCM is cut out of a WAV of the same sample rate. */
export const renderFormatOf = (audioType: string): AudioFormat => (audioType === 'mp3' ? 'mp3' : 'wav')

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** The samples of a 16-bit mono WAV as raw little-endian bytes: exactly its `data` chunk. */
export const wavToPcm = (wav: Uint8Array): Uint8Array => {
  const { pcm, channels, bitsPerSample } = parseWav(wav)
  if (channels !== 1 || bitsPerSample !== 16)
    throw new Error(`expected 16-bit mono WAV, got ${bitsPerSample}-bit with ${channels} channels`)
  if (LITTLE_ENDIAN) return new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength)
  const out = new Uint8Array(pcm.length * 2)
  const view = new DataView(out.buffer)
  for (let i = 0; i < pcm.length; i++) view.setInt16(i * 2, pcm[i]!, true)
  return out
}

const collect = async (audio: RenderOutput['audio']): Promise<Uint8Array> => {
  if (audio instanceof Uint8Array) return audio
  const parts: Uint8Array[] = []
  for await (const part of audio) parts.push(part)
  return concatBytes(parts)
}

/**
 * Renders a request in its audio type: mp3 and wav as `renderSynthesis` does; pcm as a WAV whose header is
 * dropped (16-bit signed little-endian mono at the request's sample rate); telephone outputs (G.711, 8 kHz
 * PCM/WAV) rendered at 16 kHz, band-limited to the telephone band and decimated.
 */
export const renderAudioType = (input: Omit<RenderInput, 'format'>, audioType: string): RenderOutput => {
  const target = telephonyTargetOf(audioType, input.sampleRate)
  const format = renderFormatOf(audioType)
  const rendered = renderSynthesis(
    target ? { ...input, format, sampleRate: TELEPHONY_RENDER_RATE } : { ...input, format },
  )
  if (audioType !== 'pcm' && !target) return rendered
  const audio = collect(rendered.audio).then((wav) => (target ? telephonyFile(wav, target) : wavToPcm(wav)))
  audio.catch(() => undefined)
  return {
    audio: (async function* () {
      yield await audio
    })(),
    mimeType: g711MimeOf(audioType) ?? (audioType === 'wav' ? 'audio/wav' : PCM_CONTENT_TYPE),
    done: rendered.done,
  }
}
