import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { openAiRoutes } from '../openai/index.ts'
import { streamInputRoutes } from '../stream-input/index.ts'
import { installV1ErrorShape } from './error-shape.ts'
import { retentionSweep } from './retention.ts'
import { v1RequestLogRoute } from './requests.ts'
import { v1TtsRoutes } from './tts.ts'
import { v1VoicesRoute } from './voices.ts'

/** Prefix of the current developer API, at the root of the API host (as Vbee's `https://api.vbee.vn/v1`). */
export const V1_BASE = '/v1'

/**
 * Developer API v1 (issue 21), registered at `/v1` beside the older `/api/v1` shape, which keeps working.
 * Every route here answers errors as `{ "error": { "code", "message" } }`.
 */
export const v1Routes: FastifyPluginAsyncZod = async (app) => {
  installV1ErrorShape(app)
  await app.register(v1TtsRoutes)
  // The app's request log with its own token (issue 33)
  await app.register(v1RequestLogRoute)
  await app.register(v1VoicesRoute)
  // Text in, audio out over a WebSocket, and its browser tickets (issue 30)
  await app.register(streamInputRoutes)
  // The OpenAI-compatible speech API (issue 30), with its own error shape
  await app.register(openAiRoutes)
  // Deletes the audio of API requests (both shapes) past their retention; no routes of its own.
  await app.register(retentionSweep)
}
