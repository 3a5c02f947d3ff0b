/**
 * Speech onsets found in audio (for tests): starts of sound after at least `minSilenceMs` of silence, from
 * the RMS of 5 ms frames — independent of how the renderer placed the lines.
 */
export const frameRmsOnsets = (
  pcm: Int16Array,
  sampleRate: number,
  { threshold = 100, minSilenceMs = 60 } = {},
): number[] => {
  const frame = Math.round(sampleRate / 200)
  const onsets: number[] = []
  let silentFrames = Infinity
  for (let at = 0; at < pcm.length; at += frame) {
    let sum = 0
    const end = Math.min(pcm.length, at + frame)
    for (let i = at; i < end; i++) sum += pcm[i]! * pcm[i]!
    const loud = Math.sqrt(sum / Math.max(1, end - at)) > threshold
    if (loud) {
      if (silentFrames * 5 >= minSilenceMs) onsets.push(Math.round((at * 1000) / sampleRate))
      silentFrames = 0
    } else silentFrames++
  }
  return onsets
}
