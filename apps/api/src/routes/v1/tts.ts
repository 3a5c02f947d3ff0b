import { AppError } from '@loa/contracts'
import { v1RequestOf } from '@loa/synthesis'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorCode } from '../../errors.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import type { ApiAppRow } from '../../services/api-apps.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { checkCallbackUrl } from '../api-apps/index.ts'
import { SYNTHESIS_BODY_LIMIT } from '../synthesis/index.ts'
import { retainUntilFor } from './retention.ts'
import {
  V1_SYNC_MAX_CHARACTERS,
  V1_SYNC_WAIT_MS,
  v1ErrorResponses,
  v1PolledRequest,
  v1Request,
  v1RequestParams,
  v1TtsBody,
  v1WebhookDoc,
} from './wire.ts'

/**
 * Developer API v1 in the shape of Vbee's current API: `POST /v1/tts` (sync for short texts, async with a
 * webhook) and `GET /v1/tts/requests/{requestId}`. The same app tokens, limits, `aivoiceapi` credits, render
 * jobs and signed callbacks as `/api/v1/tts`; only the wire differs.
 */
export const v1TtsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { synthesis, apiApps } = synthesisContext(app)
  const { db, storage, config } = app.ctx
  const answer = (row: Parameters<typeof v1RequestOf>[0]) =>
    v1RequestOf(row, storage, config.synthesis.v1LinkTtlSeconds)

  /** The token's app; `App-Id` must name it (Vbee sends both). */
  const appOf = (request: FastifyRequest): Promise<ApiAppRow> =>
    apiApps.authenticateWithAppId(request.headers, true)

  const security = [{ appToken: [] }]

  app.post(
    '/tts',
    {
      // `Idempotency-Key`: a retried create answers the first request again and charges once.
      ...idempotent(db, async (request) => `app:${(await appOf(request)).id}`),
      bodyLimit: SYNTHESIS_BODY_LIMIT,
      schema: {
        tags: ['developer-api-v1'],
        summary: 'Synthesize speech (sync for short texts, async with a webhook)',
        description:
          `Headers: \`Authorization: Bearer <app token>\` and \`App-Id: <app id>\`. \`mode: "sync"\` accepts up to ` +
          `${V1_SYNC_MAX_CHARACTERS} characters and answers 200 with the finished request and its audio link ` +
          `(or 202 IN_PROGRESS if the render takes over ${V1_SYNC_WAIT_MS / 1000} s; poll it). \`mode: "async"\` ` +
          'answers 202 with the request id at once; when it is done the signed webhook is POSTed to `webhookUrl` ' +
          "(or the app's callback URL): the request as the poll answers it (camelCase, links valid 24 hours), " +
          'signed like the old callback. Credits come from the API wallet (aivoiceapi). Errors: ' +
          '`{"error":{"code","message"}}`; 429 `TTS_CCR_MAX_LIMIT_REACHED` when the app has too many requests running.',
        security,
        callbacks: v1WebhookDoc,
        body: v1TtsBody,
        response: { 200: v1Request, 202: v1Request, ...v1ErrorResponses },
      },
    },
    async (request, reply) => {
      const owner = await appOf(request)
      const body = request.body
      if (body.mode === 'sync' && body.text.length > V1_SYNC_MAX_CHARACTERS)
        throw new AppError(
          ApiErrorCode.TTS_SYNC_TEXT_TOO_LONG,
          `mode "sync" accepts at most ${V1_SYNC_MAX_CHARACTERS} characters (this text has ${body.text.length}); use mode "async"`,
          400,
          { details: { max_characters: V1_SYNC_MAX_CHARACTERS, characters: body.text.length } },
        )
      const webhookUrl = body.webhookUrl || owner.callbackUrl
      if (webhookUrl) await checkCallbackUrl(webhookUrl, config.synthesis.callbackAllowHosts)
      const created = await synthesis.create(
        {
          paragraphs: [{ text: body.text, voice: body.voiceCode, speed: body.speed }],
          audioType: body.outputFormat,
          bitrate: body.bitrate,
          sampleRate: body.sampleRate,
          callbackUrl: webhookUrl ?? null,
        },
        {
          userId: owner.userId,
          source: 'API',
          app: owner,
          retainUntil: retainUntilFor(config),
          webhook: 'v1',
        },
      )
      if (body.mode === 'async') return reply.status(202).send(await answer(created))
      // Sync: wait for the render job (the same one async uses), then answer the finished request.
      const stop = AbortSignal.timeout(V1_SYNC_WAIT_MS)
      for await (const state of synthesis.watch(created.id, { signal: stop })) void state
      const row = await synthesis.find(created.id, { appId: owner.id })
      const result = await answer(row)
      if (result.status === 'FAILURE')
        throw new AppError(
          ApiErrorCode.TTS_SYNC_FAILED,
          `The synthesis failed (${result.errorCode ?? 'unknown'}): ${result.errorMessage ?? ''}`.trim(),
          500,
          { details: { requestId: row.id, errorCode: result.errorCode } },
        )
      return reply.status(result.status === 'SUCCESS' ? 200 : 202).send(result)
    },
  )

  app.get(
    '/tts/requests/:requestId',
    {
      schema: {
        tags: ['developer-api-v1'],
        summary: 'Poll a request: status, progress, audio and timeline links, characters charged, error code',
        description:
          'Links are signed and expire (`linkExpiresAt`, TTS_V1_LINK_TTL_SECONDS); poll again for fresh ones. ' +
          'The audio is kept until `retainUntil` (API_AUDIO_RETENTION_DAYS); after the retention sweep deleted it ' +
          'the request still answers, with `audioDeleted: true`, `audioDeletedAt`, null links and ' +
          '`errorCode: "TTS_AUDIO_EXPIRED"` (second example). A request of another app is 404.',
        security,
        params: v1RequestParams,
        response: { 200: v1PolledRequest, ...v1ErrorResponses },
      },
    },
    async (request) => {
      const owner = await appOf(request)
      const row = await synthesis.find(request.params.requestId, { appId: owner.id })
      return answer(row)
    },
  )
}
