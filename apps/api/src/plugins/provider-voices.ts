import type { FastifyInstance } from 'fastify'
import { voiceRegistry } from '@loa/synthesis'
import { syncProviderVoices } from '../services/provider-voices.ts'
import type { ApiDeps } from '../types.ts'

/**
 * Provider voices for this API: the providers of `VOICE_PROVIDERS_FILE` are configured, their voices joined to
 * the catalogue when the app is ready, and cached voice lists dropped whenever a provider is paused or answers
 * again (its voices' `provider_state` changes).
 */
export const installProviderVoices = (app: FastifyInstance, deps: ApiDeps): void => {
  voiceRegistry.configureProviders(deps.config.voiceProviders)
  const stop = voiceRegistry.onProviderStateChange(() => app.ctx.catalogueCache.clear())
  app.addHook('onReady', async () => {
    await syncProviderVoices(app.ctx.db)
    app.ctx.catalogueCache.clear()
  })
  app.addHook('onClose', async () => {
    stop()
  })
}
