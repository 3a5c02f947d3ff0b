import { GENDERS, REGIONS } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { voiceToWire } from '../voices/serialize.ts'
import { v1ErrorResponses } from './wire.ts'

const v1Voice = z.object({
  code: z.string(),
  name: z.string(),
  gender: z.string().nullable(),
  region: z.string().nullable(),
  languageCode: z.string().nullable(),
  features: z.array(z.string()),
  level: z.string().nullable(),
  creditFactor: z.number(),
  engine: z.string(),
  /** Provider voices: `available`, or `paused` while the provider keeps failing; null for Loa's own voices. */
  providerState: z.enum(['available', 'paused']).nullable(),
  sampleAudioLink: z.string().nullable(),
  attribution: z.string().nullable(),
})

const v1Voices = z.object({ total: z.number(), voices: z.array(v1Voice) }).meta({
  example: {
    total: 1,
    voices: [
      {
        code: 'hn_female_thuha_news',
        name: 'Thu Hà',
        gender: 'female',
        region: 'north',
        languageCode: 'vi-VN',
        features: ['news'],
        level: 'BASIC',
        creditFactor: 1,
        engine: 'espeak',
        providerState: null,
        sampleAudioLink: 'https://api.example.vn/media/voices/hn_female_thuha_news.mp3',
        attribution: null,
      },
    ],
  },
})

const v1VoicesQuery = z.object({
  languageCode: z.string().trim().max(20).optional(),
  gender: z.enum(GENDERS).optional(),
  region: z.enum(REGIONS).optional(),
})

/** GET /v1/voices — the active voices (public) in the v1 shape; codes carry the region (`hn_…`, `sg_…`, `hue_…`). */
export const v1VoicesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/voices',
    {
      schema: {
        tags: ['developer-api-v1'],
        summary: 'List the voices a v1 request may use (public)',
        querystring: v1VoicesQuery,
        response: { 200: v1Voices, 400: v1ErrorResponses[400] },
      },
    },
    async (request) => {
      if (await app.ctx.neuralVoices.ensure()) app.ctx.catalogueCache.clear()
      const q = request.query
      const where: SQL[] = [eq(t.voices.active, true)]
      if (q.languageCode) where.push(eq(t.voices.languageCode, q.languageCode))
      if (q.gender) where.push(eq(t.voices.gender, q.gender))
      if (q.region) where.push(eq(t.voices.region, q.region))
      const rows = await app.ctx.db
        .select()
        .from(t.voices)
        .where(and(...where))
        .orderBy(asc(t.voices.rank), asc(t.voices.code))
      const voices = rows.map((row) => {
        const v = voiceToWire(row)
        return {
          code: v.code,
          name: v.name,
          gender: v.gender,
          region: v.region,
          languageCode: v.language_code,
          features: (v.features ?? []) as string[],
          level: v.level,
          creditFactor: v.credit_factor,
          engine: v.engine,
          providerState: v.provider_state,
          sampleAudioLink: v.sample_audio_url,
          attribution: v.attribution,
        }
      })
      return { total: voices.length, voices }
    },
  )
}
