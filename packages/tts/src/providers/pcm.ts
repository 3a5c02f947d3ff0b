/** Byte streams and payloads of provider audio → 16-bit mono PCM (little-endian, as every provider sends it). */
import { parseWav } from '../audio/wav.ts'
import { TtsError } from '../errors.ts'

/** Little-endian bytes → samples (a copy, so the chunk owns aligned memory). */
export const samplesOf = (bytes: Uint8Array): Int16Array => {
  const out = new Int16Array(bytes.length >> 1)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true)
  return out
}

/** A raw PCM body as sample chunks, as the bytes arrive (an odd trailing byte waits for the next chunk). */
export async function* rawPcm(body: ReadableStream<Uint8Array> | null, skip = 0): AsyncGenerator<Int16Array> {
  if (!body) return
  let carry = new Uint8Array(0)
  let toSkip = skip
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    let bytes = chunk
    if (toSkip > 0) {
      const n = Math.min(toSkip, bytes.length)
      bytes = bytes.subarray(n)
      toSkip -= n
    }
    if (carry.length > 0) {
      const joined = new Uint8Array(carry.length + bytes.length)
      joined.set(carry)
      joined.set(bytes, carry.length)
      bytes = joined
    }
    const even = bytes.length & ~1
    carry = bytes.slice(even)
    if (even > 0) yield samplesOf(bytes.subarray(0, even))
  }
}

/** A whole WAV (Google's LINEAR16, FPT's `wav`) → its rate and samples; mono 16-bit only. */
export const wavPcm = (bytes: Uint8Array, provider: string): { sampleRate: number; pcm: Int16Array } => {
  try {
    const wav = parseWav(bytes)
    if (wav.channels !== 1 || wav.bitsPerSample !== 16) throw new Error('not 16-bit mono')
    return { sampleRate: wav.sampleRate, pcm: wav.pcm }
  } catch (error) {
    throw new TtsError(
      'PROVIDER_REJECTED',
      `${provider} sent audio Loa cannot read (${(error as Error).message})`,
    )
  }
}

export const base64Bytes = (b64: string): Uint8Array => new Uint8Array(Buffer.from(b64, 'base64'))

/** One chunk as an async iterable (providers that answer with a whole file). */
export async function* once(pcm: Int16Array): AsyncGenerator<Int16Array> {
  if (pcm.length > 0) yield pcm
}

/** Escapes text for an SSML document. */
export const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  )
