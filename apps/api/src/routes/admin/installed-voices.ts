import { statSync } from 'node:fs'
import { basename } from 'node:path'
import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { generateVoiceSample } from '@loa/synthesis'
import { getVoicesDir, installedVoices, removeVoice, voiceProblems, VoiceInstallError } from '@loa/tts'
import type { LoaVoice } from '@loa/tts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { createSampleFileWriter } from '../../lib/sample-writer.ts'
import { envelope } from '../../lib/wire.ts'
import { createVoiceInstalls, type VoiceInstallState } from '../../services/voice-installs.ts'
import { writeAudit } from './audit.ts'

/** The voice's file name: the model's stem (`vi_VN-vais1000-medium`). */
const fileNameOf = (voice: LoaVoice) => basename(voice.engine.piper!.model).replace(/\.onnx$/, '')
const sizeOf = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0

const installedWire = z.object({
  name: z.string().describe("The voice's file name in the voices folder"),
  code: z.string().describe('Its catalogue voice code'),
  engine: z.literal('piper'),
  tier: z
    .string()
    .describe('BASIC, NEURAL or PREMIUM, as the voice files say (the catalogue row may differ)'),
  bytes: z.number().describe('Model and voice JSON, in bytes'),
  licence: z.string().nullable(),
  attribution: z.string().nullable(),
})

const installWire = z.object({
  name: z.string(),
  source: z.string().describe('What the operator asked for: a repository name or a model URL'),
  state: z.enum(['RUNNING', 'INSTALLED', 'FAILED']),
  bytes: z.number().describe('Bytes downloaded so far'),
  total: z.number().describe('Bytes to download (0 while unknown)'),
  sample: z.boolean().describe('Whether the sample was spoken after the install'),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  started_at: z.string().describe('When the install was started'),
  finished_at: z.string().nullable(),
})

const installToWire = (s: VoiceInstallState) => ({
  name: s.name,
  source: s.source,
  state: s.state,
  bytes: s.bytes,
  total: s.total,
  sample: s.sample,
  error_code: s.errorCode,
  error_message: s.errorMessage,
  started_at: s.startedAt.toISOString(),
  finished_at: s.finishedAt?.toISOString() ?? null,
})

/**
 * The back-office's installed neural voices (issue #26 §1): `GET /installed-voices` lists the voices folder (size,
 * licence, attribution, unusable files with their reason) and the installs started here with their progress;
 * `POST /installed-voices` installs a Piper voice by repository name or `.onnx` URL in the background (audited;
 * the screen polls the list); `DELETE /installed-voices/:name` removes one (audited; its catalogue row goes
 * inactive). The catalogue facts of a voice (name, tier, credit factor, order, visibility) stay the catalogue's.
 */
export const installedVoiceRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()

  /** After an install: the catalogue gets its row, then the sample is spoken unless the row has one. */
  const afterInstall = async (name: string): Promise<boolean> => {
    if (await app.ctx.neuralVoices.ensure()) app.ctx.catalogueCache.clear()
    const voice = installedVoices().find((v) => fileNameOf(v) === name)
    const storage = app.ctx.storage
    if (!voice || !storage) return false
    const [row] = await app.ctx.db.select().from(t.voices).where(eq(t.voices.code, voice.code))
    if (!row || row.engineVoice !== voice.code) return false
    if (row.sampleAudioUrl) return true
    const url = await generateVoiceSample({
      voice: row,
      writeFile: createSampleFileWriter(storage, app.ctx.config.publicUrl),
    })
    await app.ctx.db
      .update(t.voices)
      .set({ sampleAudioUrl: url, updatedAt: new Date() })
      .where(eq(t.voices.code, voice.code))
    app.ctx.catalogueCache.clear()
    return true
  }

  const installs = createVoiceInstalls({
    baseUrl: app.ctx.config.piperVoicesUrl,
    afterInstall,
    log: (message, error) => app.log.warn({ err: error }, message),
  })

  app.get(
    '/installed-voices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Installed neural voices, unusable files and the installs started here (admin)',
        security: [{ bearer: [] }],
        response: {
          200: envelope(
            z.object({
              dir: z.string().describe('The voices folder'),
              voices: z.array(installedWire),
              problems: z
                .array(
                  z.object({
                    name: z.string(),
                    problem: z.string().describe('Why the voice cannot be used'),
                  }),
                )
                .describe('Voice files in the folder that cannot be used'),
              installs: z.array(installWire).describe('Installs started on this API process, newest first'),
            }),
          ),
        },
      },
    },
    async () =>
      ok({
        dir: getVoicesDir(),
        voices: installedVoices().map((v) => ({
          name: fileNameOf(v),
          code: v.code,
          engine: 'piper' as const,
          tier: v.tier,
          bytes: sizeOf(v.engine.piper!.model) + sizeOf(v.engine.piper!.config),
          licence: v.licence ?? null,
          attribution: v.attribution ?? null,
        })),
        problems: [...voiceProblems()],
        installs: installs.list().map(installToWire),
      }),
  )

  app.post(
    '/installed-voices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Install a Piper voice by repository name or model URL, in the background (admin), audited',
        security: [{ bearer: [] }],
        body: z
          .object({
            source: z
              .string()
              .trim()
              .min(3)
              .max(500)
              .describe('A Piper voice name (vi_VN-vais1000-medium) or the URL of its .onnx'),
          })
          .strict(),
        response: { 202: envelope(installWire) },
      },
    },
    async (request, reply) => {
      const { source } = request.body
      if (/^https?:\/\//i.test(source) && !URL.canParse(source))
        throw new AppError('VALIDATION_FAILED', 'source is not a valid URL', 400)
      const state = installs.start(source)
      await app.ctx.db.transaction((tx) =>
        writeAudit(tx, request, {
          action: 'voice.install',
          targetType: 'installed_voice',
          targetId: state.name,
          after: { source },
        }),
      )
      return reply.code(202).send(ok(installToWire(state)))
    },
  )

  app.delete(
    '/installed-voices/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove an installed neural voice (admin), audited; its catalogue row goes inactive',
        security: [{ bearer: [] }],
        params: z.object({ name: z.string().min(1).max(200) }),
        response: { 200: envelope(z.object({ name: z.string() })) },
      },
    },
    async (request) => {
      const { name } = request.params
      try {
        await removeVoice(name, getVoicesDir())
      } catch (error) {
        if (error instanceof VoiceInstallError && error.code === 'VOICE_NOT_INSTALLED')
          throw new AppError(ApiErrorCode.VOICE_NOT_INSTALLED, `no installed voice '${name}'`, 404)
        throw error
      }
      if (await app.ctx.neuralVoices.ensure()) app.ctx.catalogueCache.clear()
      await app.ctx.db.transaction((tx) =>
        writeAudit(tx, request, {
          action: 'voice.remove',
          targetType: 'installed_voice',
          targetId: name,
          before: { name },
        }),
      )
      return ok({ name })
    },
  )
}
