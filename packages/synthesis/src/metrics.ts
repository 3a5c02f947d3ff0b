import { Counter } from 'prom-client'

/** Characters of requests rendered to SUCCESS, by source (STUDIO, API): the synthesis volume an operator watches. */
export const charactersSynthesized = new Counter({
  name: 'loa_characters_synthesized_total',
  help: 'Characters of synthesis requests rendered successfully, by source',
  labelNames: ['source'] as const,
})

/** Failed render attempts the engine or a provider voice reported, by its code (PROVIDER_UNAVAILABLE, TTS_…). */
export const providerErrors = new Counter({
  name: 'loa_provider_errors_total',
  help: 'Render attempts failed by the speech engine or a provider voice, by error code',
  labelNames: ['code'] as const,
})
