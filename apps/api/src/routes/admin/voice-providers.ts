import { AppError, ok, voiceProviderSchema, type VoiceProviderEntry } from '@loa/contracts'
import { app as t } from '@loa/db'
import { clashOf, readStoredProviders, voiceRegistry } from '@loa/synthesis'
import { SCREEN_KEY_PREFIX } from '@loa/service-kit'
import { probeProvider } from '@loa/tts'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope } from '../../lib/wire.ts'
import { writeAudit } from './audit.ts'
import {
  entryOf,
  fileProviderToWire,
  probeWire,
  providerInput,
  providerWire,
  storedProviderToWire,
  type ProviderInput,
} from './voice-provider-wire.ts'

const idParam = z.object({ id: z.string().min(1).max(50) })

/**
 * The back-office's voice providers (issue #26 §2, the /admin Voices screen): list every provider (the file's,
 * read-only, and those added here), add, change, enable/disable and delete the latter, and "test connection" —
 * one short sentence spoken through the provider, its coded result returned. A save is audited and configures
 * this API's providers at once (its voices join or leave the catalogue); the other replicas and the workers
 * re-read the table within `VOICE_PROVIDERS_REFRESH_MS`.
 */
export const voiceProviderRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const keyOf = app.ctx.config.screenProviders.keyOf
  const fileProviders = () => app.ctx.voiceProviders.file

  /** The checked entry, or a coded refusal: the contract's ranges, the key variable's name, clashes. */
  const checked = async (id: string, input: ProviderInput): Promise<VoiceProviderEntry> => {
    const parsed = voiceProviderSchema.safeParse(entryOf(id, input))
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', 'the provider is not valid', 400, {
        details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      })
    const entry = parsed.data
    const codes = entry.voices.map((v) => v.code)
    if (new Set(codes).size !== codes.length)
      throw new AppError('VALIDATION_FAILED', 'a voice code is listed twice', 400)
    const name = entry.api_key_env
    if (name && !name.startsWith(SCREEN_KEY_PREFIX))
      throw new AppError(
        ApiErrorCode.VOICE_PROVIDER_KEY_NAME,
        `the key variable must start with ${SCREEN_KEY_PREFIX}`,
        400,
      )
    if (name && input.enabled && keyOf(name) === undefined)
      throw new AppError(ApiErrorCode.VOICE_PROVIDER_KEY_NOT_SET, `${name} is not set on this server`, 400)
    // Voice codes of the file's providers and of the other stored ones are theirs.
    const others = (await readStoredProviders(app.ctx.db)).filter((row) => row.id !== id)
    const clash = clashOf(entry, {
      ids: new Set(fileProviders().map((p) => p.id)),
      codes: new Set(
        [...fileProviders(), ...others.flatMap((row) => (row.entry ? [row.entry] : []))].flatMap((p) =>
          p.voices.map((v) => v.code),
        ),
      ),
    })
    if (clash) throw new AppError(ApiErrorCode.VOICE_CODE_TAKEN, clash, 409)
    // …so is a voice Loa speaks itself (eSpeak, installed neural)…
    const own = codes.find((code) => {
      const voice = voiceRegistry.find(code)
      return voice && voice.provider?.id !== id
    })
    if (own) throw new AppError(ApiErrorCode.VOICE_CODE_TAKEN, `the voice code '${own}' is Loa's own`, 409)
    // …and a catalogue voice of another provider (a seeded catalogue voice, a deleted provider's).
    const [row] = await app.ctx.db
      .select({ code: t.voices.code })
      .from(t.voices)
      .where(and(inArray(t.voices.code, codes), ne(t.voices.provider, id)))
      .limit(1)
    if (row)
      throw new AppError(
        ApiErrorCode.VOICE_CODE_TAKEN,
        `the voice code '${row.code}' is a catalogue voice`,
        409,
      )
    return entry
  }

  const storedRow = async (id: string) => {
    if (fileProviders().some((p) => p.id === id))
      throw new AppError(
        ApiErrorCode.VOICE_PROVIDER_READ_ONLY,
        `${id} comes from VOICE_PROVIDERS_FILE; change the file`,
        409,
      )
    const [row] = await app.ctx.db.select().from(t.voiceProviders).where(eq(t.voiceProviders.id, id))
    if (!row) throw new AppError(ApiErrorCode.VOICE_PROVIDER_NOT_FOUND, `no provider '${id}'`, 404)
    return row
  }

  /** This API speaks the change at once; the answer is the provider as listed afterwards. */
  const applied = async (id: string) => {
    await app.ctx.voiceProviders.refresh()
    const row = (await readStoredProviders(app.ctx.db)).find((r) => r.id === id)
    return row && storedProviderToWire(row, keyOf)
  }

  const stored = (entry: VoiceProviderEntry) => {
    const { id: _id, ...rest } = entry
    return rest
  }

  const audit = (action: string, id: string, before: unknown, after: unknown) => ({
    action,
    targetType: 'voice_provider',
    targetId: id,
    before,
    after,
  })

  app.get(
    '/voice-providers',
    {
      schema: {
        tags: ['admin'],
        summary: "Voice providers: VOICE_PROVIDERS_FILE's (read-only) and those added on the screen (admin)",
        security: [{ bearer: [] }],
        response: {
          200: envelope(
            z.object({
              providers: z
                .array(providerWire)
                .describe("The file's providers, then those added on the screen"),
              key_prefix: z
                .string()
                .describe('What a screen-added key variable must start with (VOICE_KEY_)'),
            }),
          ),
        },
      },
    },
    async () => {
      const rows = await readStoredProviders(app.ctx.db)
      return ok({
        providers: [
          ...fileProviders().map(fileProviderToWire),
          ...rows.map((row) => storedProviderToWire(row, keyOf)),
        ],
        key_prefix: SCREEN_KEY_PREFIX,
      })
    },
  )

  app.post(
    '/voice-providers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a voice provider (admin), audited; its voices join the catalogue',
        security: [{ bearer: [] }],
        body: providerInput
          .extend({ id: z.string().describe("The new provider's id (lower-case letters, digits, _ -)") })
          .strict(),
        response: { 201: envelope(providerWire) },
      },
    },
    async (request, reply) => {
      const { id, ...input } = request.body
      const taken =
        fileProviders().some((p) => p.id === id) ||
        (await app.ctx.db.select().from(t.voiceProviders).where(eq(t.voiceProviders.id, id))).length > 0
      if (taken) throw new AppError(ApiErrorCode.VOICE_PROVIDER_EXISTS, `a provider '${id}' exists`, 409)
      const entry = await checked(id, input)
      await app.ctx.db.transaction(async (tx) => {
        await tx.insert(t.voiceProviders).values({ id, entry: stored(entry), enabled: input.enabled })
        await writeAudit(
          tx,
          request,
          audit('voice_provider.create', id, null, { ...entry, enabled: input.enabled }),
        )
      })
      return reply.code(201).send(ok((await applied(id))!))
    },
  )

  app.put(
    '/voice-providers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a voice provider added on the screen, or enable/disable it (admin), audited',
        security: [{ bearer: [] }],
        params: idParam,
        body: providerInput,
        response: { 200: envelope(providerWire) },
      },
    },
    async (request) => {
      const { id } = request.params
      const row = await storedRow(id)
      const entry = await checked(id, request.body)
      await app.ctx.db.transaction(async (tx) => {
        await tx
          .update(t.voiceProviders)
          .set({ entry: stored(entry), enabled: request.body.enabled, updatedAt: new Date() })
          .where(eq(t.voiceProviders.id, id))
        await writeAudit(
          tx,
          request,
          audit(
            'voice_provider.update',
            id,
            { ...row.entry, enabled: row.enabled },
            { ...stored(entry), enabled: request.body.enabled },
          ),
        )
      })
      return ok((await applied(id))!)
    },
  )

  app.delete(
    '/voice-providers/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Delete a voice provider added on the screen (admin), audited; its voices leave the catalogue',
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: envelope(z.object({ id: z.string().describe('The deleted provider') })) },
      },
    },
    async (request) => {
      const { id } = request.params
      const row = await storedRow(id)
      await app.ctx.db.transaction(async (tx) => {
        await tx.delete(t.voiceProviders).where(eq(t.voiceProviders.id, id))
        await writeAudit(
          tx,
          request,
          audit('voice_provider.delete', id, { ...row.entry, enabled: row.enabled }, null),
        )
      })
      await app.ctx.voiceProviders.refresh()
      return ok({ id })
    },
  )

  app.post(
    '/voice-providers/:id/test',
    {
      schema: {
        tags: ['admin'],
        summary: 'Test connection: speak one short sentence through the provider (admin); the coded result',
        security: [{ bearer: [] }],
        params: idParam,
        body: z
          .object({
            voice: z
              .string()
              .max(100)
              .optional()
              .describe('The voice code to speak with (default: the first)'),
          })
          .strict()
          .optional(),
        response: { 200: envelope(probeWire) },
      },
    },
    async (request) => {
      const { id } = request.params
      const file = fileProviders().find((p) => p.id === id)
      let config = file
      if (!config) {
        const row = (await readStoredProviders(app.ctx.db)).find((r) => r.id === id)
        if (!row) throw new AppError(ApiErrorCode.VOICE_PROVIDER_NOT_FOUND, `no provider '${id}'`, 404)
        if (!row.entry) throw new AppError('VALIDATION_FAILED', `${id}: ${row.problem}`, 400)
        const name = row.entry.api_key_env
        // A disabled provider can be tried before it is enabled: the stored entry, its key by name.
        config = name ? { ...row.entry, apiKey: () => keyOf(name) } : row.entry
      }
      const name = config.api_key_env
      if (name && config.apiKey?.() === undefined)
        return ok({
          ok: false,
          voice: config.voices[0]!.code,
          ms: 0,
          audio_ms: null,
          sample_rate: null,
          error_code: ApiErrorCode.VOICE_PROVIDER_KEY_NOT_SET,
          error_message: `${name} is not set on this server`,
        })
      const result = await probeProvider(config, request.body?.voice)
      return ok({
        ok: result.ok,
        voice: result.voice,
        ms: result.ms,
        audio_ms: result.ok ? result.audioMs : null,
        sample_rate: result.ok ? result.sampleRate : null,
        error_code: result.ok ? null : result.code,
        error_message: result.ok ? null : result.message,
      })
    },
  )
}
