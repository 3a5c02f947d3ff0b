import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { installOpenAiErrorShape } from './errors.ts'
import { openAiCatalogueRoutes } from './catalogue.ts'
import { openAiSpeechRoute } from './speech.ts'

/**
 * The OpenAI-compatible speech API (issue 30 §1) under `/v1` at the API host's root, beside `/v1/tts`:
 * `POST /v1/audio/speech`, `GET /v1/models`, `GET /v1/models/{model}`, `GET /v1/audio/voices`. Errors in
 * OpenAI's shape on these routes only (Fastify scopes the handler to this plugin).
 */
export const openAiRoutes: FastifyPluginAsyncZod = async (app) => {
  installOpenAiErrorShape(app)
  await app.register(openAiSpeechRoute)
  await app.register(openAiCatalogueRoutes)
}
