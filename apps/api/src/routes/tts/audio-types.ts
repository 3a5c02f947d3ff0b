/** The audio types, for the OpenAPI document (the same on `/v1/tts` as `outputFormat`). */
export const AUDIO_TYPE_DOC =
  '`mp3`, `wav`; `pcm`: raw 16-bit signed little-endian mono samples at the sample rate, no header. ' +
  'Telephone lines: `ulaw` / `alaw` = raw 8 kHz G.711 μ-law / A-law (Twilio media, Asterisk `.ulaw`/`.alaw`), ' +
  '`ulaw_wav` / `alaw_wav` = the same in a WAV (format tag 7 / 6, with the `fact` chunk); G.711 is always ' +
  '8 kHz whatever the sample rate says. `wav` or `pcm` at sample rate 8000 or 16000 is telephone PCM ' +
  '(Asterisk `.wav` / `.sln` / `.sln16`); 8 kHz outputs are band-limited to the 3.4 kHz telephone band ' +
  'before they are decimated.'
