import { AppError } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { openAiErrorResponses } from './errors.ts'
import { defaultVoiceMap, localVoices, MODELS, OPENAI_VOICES, type OpenAiVoice } from './voice-map.ts'
import { modelList, modelOne, voiceList } from './wire.ts'

/** A fixed `created` (2025-12-01): Loa's models are not dated releases. */
const CREATED = 1764547200
const modelOf = (id: string) => ({ id, object: 'model' as const, created: CREATED, owned_by: 'loa' })

/** The model and voice lists OpenAI clients ask for (public, like `GET /v1/voices`). */
export const openAiCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      schema: {
        tags: ['openai-compatible'],
        summary: 'The models `POST /v1/audio/speech` accepts (OpenAI names and Loa engines)',
        response: { 200: modelList },
      },
    },
    async () => ({ object: 'list' as const, data: Object.keys(MODELS).map(modelOf) }),
  )

  app.get(
    '/models/:model',
    {
      schema: {
        tags: ['openai-compatible'],
        summary: 'One model',
        params: z.object({ model: z.string().max(100).describe('A model name') }),
        response: { 200: modelOne, 404: openAiErrorResponses[404] },
      },
    },
    async (request) => {
      if (!(request.params.model in MODELS))
        throw new AppError(
          ApiErrorCode.TTS_MODEL_NOT_FOUND,
          `The model '${request.params.model}' does not exist`,
          404,
        )
      return modelOf(request.params.model)
    },
  )

  app.get(
    '/audio/voices',
    {
      schema: {
        tags: ['openai-compatible'],
        summary: 'Voices for `voice`: the OpenAI names with the Loa voices they map to, then every Loa voice',
        response: { 200: voiceList },
      },
    },
    async () => {
      if (await app.ctx.neuralVoices.ensure()) app.ctx.catalogueCache.clear()
      const voices = await localVoices(app.ctx.db)
      const fast = defaultVoiceMap(voices, 'fast')
      const best = defaultVoiceMap(voices, 'best')
      const overrides = app.ctx.config.synthesis.openAiVoiceMap
      return {
        voices: [
          ...(Object.entries(OPENAI_VOICES) as [OpenAiVoice, string][]).map(([id, gender]) => ({
            id,
            name: id,
            gender,
            maps_to: {
              fast: overrides[id] ?? fast[id] ?? null,
              best: overrides[id] ?? best[id] ?? null,
            },
          })),
          ...voices.map((v) => ({ id: v.code, name: v.name, gender: v.gender.toUpperCase(), maps_to: null })),
        ],
      }
    },
  )
}
