import { concatBytes, createEncoder, effectiveBitrate, wavHeader } from '@loa/tts'

export type TrackFormat = 'mp3' | 'wav'

/** Encodes a mono 16-bit track as WAV or MP3 (LAME, in chunks of one second). */
export const encodeTrack = async (
  pcm: Int16Array,
  sampleRate: number,
  format: TrackFormat,
  bitrate = 128,
): Promise<Uint8Array> => {
  if (format === 'wav') {
    const out = new Uint8Array(44 + pcm.byteLength)
    out.set(wavHeader(sampleRate, pcm.byteLength), 0)
    out.set(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength), 44)
    return out
  }
  const encoder = await createEncoder({
    format: 'mp3',
    sampleRate,
    bitrate: effectiveBitrate(bitrate, sampleRate),
  })
  const parts: Uint8Array[] = []
  for (let at = 0; at < pcm.length; at += sampleRate)
    parts.push(encoder.encode(pcm.subarray(at, at + sampleRate)))
  parts.push(encoder.finish())
  return concatBytes(parts)
}
