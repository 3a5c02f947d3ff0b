import { AppError, CommonErrorCode } from '@loa/contracts'
import { toErrorBody } from '@loa/service-kit'
import { CALLBACK_LINK_TTL_SECONDS, audioExtensionOf, synthesisKeys } from '@loa/synthesis'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idempotent } from '../../plugins/idempotency.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { checkCallbackUrl } from '../api-apps/index.ts'
import { retainUntilFor } from '../v1/retention.ts'
import { loaSpeedOf, resolveFptVoice } from './voices.ts'
import {
  FPT_MAX_CHARACTERS,
  FPT_MIN_CHARACTERS,
  FPT_TTS_PATH,
  fptAnswer,
  fptCallbackDoc,
  fptErrorAnswer,
  fptHeaders,
  type FptAnswer,
} from './wire.ts'

const tooShortOrLong = (characters: number) =>
  new AppError(
    CommonErrorCode.VALIDATION_FAILED,
    `The text must have ${FPT_MIN_CHARACTERS} to ${FPT_MAX_CHARACTERS} characters (it has ${characters})`,
    400,
    { details: { characters, min: FPT_MIN_CHARACTERS, max: FPT_MAX_CHARACTERS } },
  )

/**
 * A door for FPT.AI customers (issue 33): FPT.AI text-to-speech v5's call at its own path — the text as the raw
 * body, `api-key` (or `api_key`), `voice`, `speed`, `format`, `callback_url` headers — answered as FPT answers
 * (`{async, error, message, request_id}`) and called back as FPT calls back (`{message, success}`). The key is a
 * Loa app token; FPT's voices are spoken by Loa voices of the same region and gender; billed like `POST /v1/tts`
 * (the API wallet, the app's concurrency limit, `Idempotency-Key`, retention), and listed in the request log.
 */
export const fptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { synthesis, apiApps } = synthesisContext(app)
  const { db, storage, config } = app.ctx
  const keyOf = (headers: Record<string, unknown>) => {
    const key = headers['api-key'] ?? headers.api_key
    return typeof key === 'string' && key.trim() ? `Bearer ${key.trim()}` : undefined
  }
  const appOf = (headers: Record<string, unknown>) => apiApps.authenticate(keyOf(headers))

  // FPT clients send the text with whatever content type (text/plain, none, form): read every body as text.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorBody(error)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    if (headers) void reply.headers(headers)
    const answer: FptAnswer = {
      async: '',
      error: status,
      message: body.error_message,
      request_id: '',
      error_code: body.error_code,
    }
    return reply.status(status).send(answer)
  })

  app.post(
    FPT_TTS_PATH,
    {
      ...idempotent(db, async (request) => `app:${(await appOf(request.headers)).id}`),
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['fpt-compatible'],
        summary: 'FPT.AI text-to-speech v5, as FPT.AI calls it: change only the host',
        description:
          `The text (${FPT_MIN_CHARACTERS}–${FPT_MAX_CHARACTERS} characters) is the raw request body. Headers: ` +
          '`api-key` (or `api_key`): a Loa API app token; `voice`, `speed`, `format`, `callback_url` as FPT.AI ' +
          'documents them. The answer is at once: `async` is the link the audio will be at (404 until it is ' +
          'ready — poll it, or take the callback). Billed like `POST /v1/tts` (the API wallet); the request is in ' +
          'the console’s request log. Failures answer `error` ≠ 0 with Loa’s `error_code`.',
        consumes: ['text/plain'],
        headers: fptHeaders,
        body: z.string().describe('The text to read'),
        callbacks: fptCallbackDoc,
        response: { 200: fptAnswer, 400: fptErrorAnswer, 401: fptErrorAnswer, 429: fptErrorAnswer },
      },
    },
    async (request) => {
      const owner = await appOf(request.headers)
      const text = request.body.trim()
      if ([...text].length < FPT_MIN_CHARACTERS || [...text].length > FPT_MAX_CHARACTERS)
        throw tooShortOrLong([...text].length)
      const headers = request.headers
      const callbackUrl = headers.callback_url?.trim() || owner.callbackUrl || null
      if (callbackUrl) await checkCallbackUrl(callbackUrl, config.synthesis.callbackAllowHosts)
      const audioType = headers.format ?? 'mp3'
      const created = await synthesis.create(
        {
          paragraphs: [
            {
              text,
              voice: await resolveFptVoice(db, headers.voice),
              speed: loaSpeedOf(Number(headers.speed ?? 0)),
            },
          ],
          audioType,
          // The v1 defaults (FPT's answer has no such options).
          bitrate: 128,
          sampleRate: 22050,
          callbackUrl,
        },
        {
          userId: owner.userId,
          source: 'API',
          app: owner,
          retainUntil: retainUntilFor(config),
          webhook: 'fpt',
        },
      )
      // The audio's key is known before it is written: its signed link answers 404 until the render stores it.
      const link = await storage!.signedDownloadUrl(synthesisKeys(created.id, audioType).audio, {
        expiresInSeconds: CALLBACK_LINK_TTL_SECONDS,
        filename: `${created.id}.${audioExtensionOf(audioType)}`,
      })
      return {
        async: link,
        error: 0,
        message: 'The content will be returned after a few seconds under the async link.',
        request_id: created.id,
      }
    },
  )
}
