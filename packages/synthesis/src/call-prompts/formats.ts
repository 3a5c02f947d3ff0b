import { encodeTelephony, parseWav, type TelephonyTarget } from '@loa/tts'

/**
 * Files a call-prompt job writes, as Asterisk and FreeSWITCH play them without conversion
 * (../shared/reference/voice-providers.md §6): `wav_8000` 8 kHz 16-bit PCM WAV (tag 1, Asterisk's `.wav`, the
 * default), raw `ulaw` / `alaw` (Asterisk `.ulaw` / `.alaw`), `sln` (raw 8 kHz signed linear), and the G.711 WAVs
 * (tags 7 / 6) other systems take. Every one is rendered at 16 kHz and band-limited before decimation.
 */
export const CALL_PROMPT_FORMATS = ['wav_8000', 'ulaw', 'alaw', 'sln', 'ulaw_wav', 'alaw_wav'] as const
export type CallPromptFormat = (typeof CALL_PROMPT_FORMATS)[number]
export const DEFAULT_CALL_PROMPT_FORMAT: CallPromptFormat = 'wav_8000'

const TARGETS: Record<CallPromptFormat, { target: TelephonyTarget; extension: string }> = {
  wav_8000: {
    target: { codec: 'pcm', sampleRate: 8000, wav: true },
    extension: 'wav',
  },
  ulaw: { target: { codec: 'ulaw', sampleRate: 8000, wav: false }, extension: 'ulaw' },
  alaw: { target: { codec: 'alaw', sampleRate: 8000, wav: false }, extension: 'alaw' },
  sln: { target: { codec: 'pcm', sampleRate: 8000, wav: false }, extension: 'sln' },
  ulaw_wav: {
    target: { codec: 'ulaw', sampleRate: 8000, wav: true },
    extension: 'wav',
  },
  alaw_wav: {
    target: { codec: 'alaw', sampleRate: 8000, wav: true },
    extension: 'wav',
  },
}

export const extensionOf = (format: CallPromptFormat): string => TARGETS[format].extension

/** A 16 kHz WAV render → the format's file and its duration. */
export const encodeCallPrompt = (
  wav16k: Uint8Array,
  format: CallPromptFormat,
): { bytes: Uint8Array; durationMs: number } => {
  const { pcm } = parseWav(wav16k)
  return {
    bytes: encodeTelephony(pcm, TARGETS[format].target),
    durationMs: Math.round((pcm.length / 16000) * 1000),
  }
}
