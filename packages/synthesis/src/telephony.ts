import {
  createWavTranscoder,
  encodeTelephony,
  parseWav,
  TELEPHONY_MIME,
  type TelephonyTarget,
} from '@loa/tts'

/** G.711 audio types: 8 kHz μ-law / A-law, raw (Twilio, Asterisk `.ulaw`/`.alaw`) or WAV (tags 7 / 6). */
export const G711_AUDIO_TYPES = ['ulaw', 'alaw', 'ulaw_wav', 'alaw_wav'] as const
export type G711AudioType = (typeof G711_AUDIO_TYPES)[number]

export const isG711 = (audioType: string): audioType is G711AudioType =>
  (G711_AUDIO_TYPES as readonly string[]).includes(audioType)

/** The sample rate a request is stored with: G.711 is always 8 kHz, whatever the client sent. */
export const storedSampleRate = (audioType: string, sampleRate: number): number =>
  isG711(audioType) ? 8000 : sampleRate

/**
 * The telephone output of an audio type at a sample rate, or none for ordinary outputs: G.711, and 8 kHz PCM /
 * WAV — rendered at 16 kHz and band-limited to the telephone band before decimation, so the speech stays
 * clear on a phone line. 16 kHz and other rates are rendered directly (the pipeline's resampler band-limits).
 */
export const telephonyTargetOf = (audioType: string, sampleRate: number): TelephonyTarget | undefined => {
  if (isG711(audioType))
    return {
      codec: audioType.startsWith('ulaw') ? 'ulaw' : 'alaw',
      sampleRate: 8000,
      wav: audioType.endsWith('_wav'),
    }
  if ((audioType === 'pcm' || audioType === 'wav') && sampleRate === 8000)
    return { codec: 'pcm', sampleRate: 8000, wav: audioType === 'wav' }
  return undefined
}

/** The extension of an audio type's file (`ulaw_wav` is a `.wav`). */
export const audioExtensionOf = (audioType: string): string =>
  audioType.endsWith('_wav') ? 'wav' : audioType

/** Content type of a G.711 audio type's file (undefined for the others). */
export const g711MimeOf = (audioType: string): string | undefined => {
  const target = isG711(audioType) ? telephonyTargetOf(audioType, 8000) : undefined
  if (!target) return undefined
  return target.wav ? 'audio/wav' : TELEPHONY_MIME[target.codec as 'ulaw' | 'alaw']
}

/** A whole 16 kHz WAV → the target's file (a WAV's header with the real sizes). */
export const telephonyFile = (wav16k: Uint8Array, target: TelephonyTarget): Uint8Array =>
  encodeTelephony(parseWav(wav16k).pcm, target)

/** A streamed 16 kHz WAV (header first, chunks of any size) → the target's bytes as they come. */
export async function* telephonyChunks(
  wav16k: AsyncIterable<Uint8Array>,
  target: TelephonyTarget,
): AsyncGenerator<Uint8Array> {
  const transcoder = createWavTranscoder(target)
  for await (const chunk of wav16k) {
    const out = transcoder.push(chunk)
    if (out.length > 0) yield out
  }
  const tail = transcoder.finish()
  if (tail.length > 0) yield tail
}
