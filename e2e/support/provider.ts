/**
 * A loopback OpenAI-compatible speech server for the browser tests (issue #26 §2): the backend speaks the provider
 * voice below through it, configured by a VOICE_PROVIDERS_FILE written into the run's data folder.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { startLoopbackProvider, type LoopbackProvider } from '../../packages/tts/test/providers/loopback.ts'

export const PROVIDER_VOICE = { code: 'vi-north-female-ngoc-e2e', name: 'Ngọc (máy chủ giọng)' } as const
const KEY_ENV = 'LOA_E2E_PROVIDER_KEY'
export const PROVIDER_KEY = 'sk-e2e-loopback-0123456789'
/** The variable a provider added on the /admin Voices screen names for its key (the backend has it). */
export const SCREEN_KEY_ENV = 'VOICE_KEY_E2E'

/** Starts the server and returns the environment that points the backend at it. */
export const startProviderForE2e = async (
  dataDir: string,
): Promise<{ provider: LoopbackProvider; env: Record<string, string> }> => {
  const provider = await startLoopbackProvider('openai', { key: PROVIDER_KEY, chunkMs: 200 })
  const file = path.join(dataDir, 'voice-providers.json')
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        {
          id: 'e2e-gpu',
          kind: 'openai',
          base_url: `${provider.url}/v1`,
          api_key_env: KEY_ENV,
          voices: [
            {
              ...PROVIDER_VOICE,
              provider_voice: 'ngoc',
              gender: 'female',
              region: 'north',
              tier: 'premium',
              credit_factor: 1.5,
            },
          ],
        },
      ],
    }),
  )
  return {
    provider,
    env: { VOICE_PROVIDERS_FILE: file, [KEY_ENV]: PROVIDER_KEY, [SCREEN_KEY_ENV]: PROVIDER_KEY },
  }
}
