import type { FastifyInstance } from 'fastify'
import { voiceRegistry } from '@loa/synthesis'

/**
 * Provider voices for this API: the providers of `VOICE_PROVIDERS_FILE` speak at once; when the app is ready the
 * providers added on the /admin Voices screen are read and every provider voice joined to the catalogue, then the
 * table is re-read every `VOICE_PROVIDERS_REFRESH_MS` (changes saved on another replica). Cached voice lists are
 * dropped whenever a provider is paused or answers again (its voices' `provider_state` changes).
 */
export const installProviderVoices = (app: FastifyInstance): void => {
  const stop = voiceRegistry.onProviderStateChange(() => app.ctx.catalogueCache.clear())
  app.addHook('onReady', async () => {
    await app.ctx.voiceProviders.refresh()
    app.ctx.voiceProviders.start()
  })
  app.addHook('onClose', async () => {
    app.ctx.voiceProviders.stop()
    stop()
  })
}
