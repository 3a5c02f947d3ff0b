/**
 * Telephone files of a studio result (issue 30 §3; made from the sentence cache, not charged): raw G.711 as Twilio
 * and Asterisk's `.ulaw`/`.alaw` take it, G.711 WAV, 8 kHz 16-bit WAV (Asterisk's `.wav`) and raw PCM — the API's
 * `GET /api/v1/synthesis/{id}/download?format=` names.
 */
export const TELEPHONE_FORMATS = [
  'ulaw',
  'alaw',
  'ulaw_wav',
  'alaw_wav',
  'wav_8000',
  'wav_16000',
  'pcm_8000',
  'pcm_16000',
] as const
export type TelephoneFormat = (typeof TELEPHONE_FORMATS)[number]
/** What the result panel downloads. */
export type DownloadFormat = 'mp3' | 'wav' | 'srt' | TelephoneFormat
