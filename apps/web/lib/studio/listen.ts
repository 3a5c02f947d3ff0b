import { DEMO_TEXT_MAX, requestDemoSynthesis } from '@/lib/api/demo-synthesis'

/**
 * The studio's short "listen" path: plays a few words (≤ DEMO_TEXT_MAX characters) with a voice and speed
 * through the demo synthesis endpoint, stopping whatever `player` was playing. Resolves with the error code
 * when the audio could not be fetched, else null; `onEnded` runs when playback ends or fails.
 */
export const playShortText = async (
  apiUrl: string,
  input: { text: string; voiceCode: string; speed: number },
  player: { current: HTMLAudioElement | null },
  onEnded: () => void,
): Promise<string | null> => {
  player.current?.pause()
  const answer = await requestDemoSynthesis(apiUrl, {
    text: input.text.slice(0, DEMO_TEXT_MAX),
    voiceCode: input.voiceCode,
  })
  if (!answer.ok) {
    onEnded()
    return answer.errorCode
  }
  const url = URL.createObjectURL(answer.audio)
  const audio = new Audio(url)
  player.current = audio
  audio.playbackRate = input.speed
  audio.onended = () => {
    onEnded()
    URL.revokeObjectURL(url)
  }
  void audio.play().catch(onEnded)
  return null
}
