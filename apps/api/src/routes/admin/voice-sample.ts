import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { generateVoiceSample, voiceRegistry } from '@loa/synthesis'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope } from '../../lib/wire.ts'
import { createSampleFileWriter } from '../../lib/sample-writer.ts'
import { voiceToWire } from '../voices/serialize.ts'
import { writeAudit } from './audit.ts'

const failed = (message: string, status: number) =>
  new AppError(ApiErrorCode.VOICE_SAMPLE_FAILED, message, status)

/**
 * `POST /voices/:code/sample`: speaks the voice's sample again through the start-up code (`generateVoiceSample`
 * of @loa/synthesis), stores it under a new public key and saves its URL on the voice with an audit row (one
 * transaction). A failure leaves the old sample in place.
 */
export const voiceSampleRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/voices/:code/sample',
    {
      schema: {
        tags: ['admin'],
        summary: "Regenerate a voice's sample (admin), audited",
        security: [{ bearer: [] }],
        params: z.object({ code: z.string().min(1).max(100) }),
        body: z
          .object({ reason: z.string().trim().max(200).optional() })
          .strict()
          .optional(),
        response: {
          200: envelope(z.object({ code: z.string(), sample_audio_url: z.string() })),
        },
      },
    },
    async (request) => {
      const { code } = request.params
      const [voice] = await app.ctx.db.select().from(t.voices).where(eq(t.voices.code, code))
      if (!voice) throw new AppError(ApiErrorCode.VOICE_NOT_FOUND, `code ${code} not found`, 404)
      if (!voiceRegistry.find(voice.engineVoice))
        throw failed(`The engine voice ${voice.engineVoice} is not installed`, 422)
      const storage = app.ctx.storage
      if (!storage) throw failed('This API runs without file storage', 503)
      let url: string
      try {
        url = await generateVoiceSample({
          voice,
          writeFile: createSampleFileWriter(storage, app.ctx.config.publicUrl),
        })
      } catch (error) {
        request.log.warn({ err: error, code }, 'voice sample failed')
        throw failed('The sample could not be spoken or stored', 503)
      }
      await app.ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(t.voices).where(eq(t.voices.code, code)).for('update')
        if (!current) throw new AppError(ApiErrorCode.VOICE_NOT_FOUND, `code ${code} not found`, 404)
        const [updated] = await tx
          .update(t.voices)
          .set({ sampleAudioUrl: url, updatedAt: new Date() })
          .where(eq(t.voices.code, code))
          .returning()
        await writeAudit(tx, request, {
          action: 'voice.sample',
          targetType: 'voice',
          targetId: code,
          before: { sample_audio_url: current.sampleAudioUrl },
          after: { sample_audio_url: voiceToWire(updated!).sample_audio_url },
          reason: request.body?.reason || null,
        })
      })
      app.ctx.catalogueCache.clear()
      return ok({ code, sample_audio_url: url })
    },
  )
}
