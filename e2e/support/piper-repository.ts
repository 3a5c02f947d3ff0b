/**
 * A loopback Piper voice repository for the browser tests (issue #26, the /admin Voices screen): one tiny
 * Piper-shaped voice built by the committed script, with sizes and MD5s, its model sent in ten pieces so that the
 * install's progress has steps. The backend finds it through PIPER_VOICES_URL.
 */
import { startTinyRepository } from '../../packages/tts/test/piper/build-tiny-voice.mjs'

export const REPOSITORY_VOICE = 'vi_VN-e2etiny-x_low'

export const startPiperRepository = async (): Promise<{
  env: Record<string, string>
  close: () => Promise<void>
}> => {
  const repository = await startTinyRepository([REPOSITORY_VOICE], { pieceDelayMs: 20 })
  return { env: { PIPER_VOICES_URL: repository.url }, close: repository.close }
}
