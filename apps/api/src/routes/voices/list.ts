import { GENDERS, REGIONS, VOICE_PURPOSES, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { containing } from '../../lib/like.ts'
import { envelope, line, pagination, queryBool } from '../../lib/wire.ts'
import { VOICE_FIELDS, voiceToWire, type VoiceWire } from './serialize.ts'

/** `a,b` or repeated `x=a&x=b`, each item validated. */
const listParam = <T extends z.ZodType>(item: T, maxItems = 50) =>
  z
    .preprocess(
      (v) =>
        (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v])
          .map((s) => (typeof s === 'string' ? s.trim() : s))
          .filter((s) => s !== ''),
      z.array(item).max(maxItems),
    )
    .optional()

const SORTS = ['rank', '-rank', 'name', '-name', 'newest'] as const

export const voiceQuery = z.object({
  search: z.string().trim().max(100).optional(),
  language_code: line(20).optional(),
  gender: z.enum(GENDERS).optional(),
  region: z.enum(REGIONS).optional(),
  features: listParam(z.enum(VOICE_PURPOSES), 10),
  level: line(30).optional(),
  ...pagination(100, 200),
  active: queryBool(),
  is_sample: queryBool(),
  sort: z.enum(SORTS).default('rank'),
  has_dubbing: queryBool(),
  code: listParam(line(100), 100),
  fields: listParam(z.enum(VOICE_FIELDS as [string, ...string[]]), VOICE_FIELDS.length),
  provider: line(50).optional(),
  global: queryBool(),
})

const voiceItem = z.record(z.string(), z.unknown())

/** GET /voices — the public voice catalogue with the voice query of spec §3. */
export const listVoicesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/voices',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List voices',
        description:
          'Filters combine with AND. `features` (purposes) matches voices having all listed purposes. ' +
          '`fields` limits the keys of each item. Inactive voices are hidden unless `active=false` is asked for.',
        querystring: voiceQuery,
        response: { 200: envelope(z.object({ total: z.number(), items: z.array(voiceItem) })) },
      },
    },
    async (request) => {
      // Voices installed or removed since the last look: catalogue rows first, then no stale answer.
      if (await app.ctx.neuralVoices.ensure()) app.ctx.catalogueCache.clear()
      return app.ctx.catalogueCache.get(`voices:${JSON.stringify(request.query)}`, async () => {
        const q = request.query
        const where: SQL[] = [eq(t.voices.active, q.active ?? true)]
        if (q.search) {
          const p = containing(q.search)
          where.push(or(ilike(t.voices.name, p), ilike(t.voices.code, p), ilike(t.voices.description, p))!)
        }
        if (q.language_code) where.push(eq(t.voices.languageCode, q.language_code))
        if (q.gender) where.push(eq(t.voices.gender, q.gender))
        if (q.region) where.push(eq(t.voices.region, q.region))
        if (q.features?.length) where.push(sql`${t.voices.features} @> ${JSON.stringify(q.features)}::jsonb`)
        if (q.level) where.push(eq(t.voices.level, q.level))
        if (q.is_sample !== undefined) where.push(eq(t.voices.isSample, q.is_sample))
        if (q.has_dubbing !== undefined) where.push(eq(t.voices.hasDubbing, q.has_dubbing))
        if (q.code?.length) where.push(inArray(t.voices.code, q.code))
        if (q.provider) where.push(eq(t.voices.provider, q.provider))
        if (q.global !== undefined) where.push(eq(t.voices.global, q.global))
        const order = {
          rank: [asc(t.voices.rank), asc(t.voices.id)],
          '-rank': [desc(t.voices.rank), desc(t.voices.id)],
          name: [asc(t.voices.name), asc(t.voices.id)],
          '-name': [desc(t.voices.name), desc(t.voices.id)],
          newest: [desc(t.voices.createdAt), desc(t.voices.id)],
        }[q.sort]
        const db = app.ctx.db
        const [rows, [count]] = await Promise.all([
          db
            .select()
            .from(t.voices)
            .where(and(...where))
            .orderBy(...order)
            .offset(q.offset)
            .limit(q.limit),
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(t.voices)
            .where(and(...where)),
        ])
        const fields = q.fields?.length ? (q.fields as (keyof VoiceWire)[]) : undefined
        const items = rows.map((row) => {
          const wire = voiceToWire(row)
          if (!fields) return wire
          return Object.fromEntries(fields.map((f) => [f, wire[f]]))
        })
        return ok({ total: count?.n ?? 0, items })
      })
    },
  )
}
