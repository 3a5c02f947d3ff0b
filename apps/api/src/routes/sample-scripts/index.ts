import { VOICE_PURPOSES, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, line } from '../../lib/wire.ts'

const script = z.object({
  code: z.string(),
  purpose: z.string(),
  language_code: z.string(),
  title: z.string(),
  text: z.string(),
  rank: z.number(),
})

/** Wire shape of a sample script (snake_case). */
export const sampleScriptToWire = (s: typeof t.sampleScripts.$inferSelect) => ({
  code: s.code,
  purpose: s.purpose,
  language_code: s.languageCode,
  title: s.title,
  text: s.text,
  rank: s.rank,
})

/** GET /sample-scripts — texts for the try-it box, per purpose. */
export const sampleScriptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sample-scripts',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List sample scripts',
        querystring: z.object({
          purpose: z.enum(VOICE_PURPOSES).optional(),
          language_code: line(20).optional(),
        }),
        response: { 200: envelope(z.object({ total: z.number(), items: z.array(script) })) },
      },
    },
    async (request) => {
      const where: SQL[] = [eq(t.sampleScripts.active, true)]
      if (request.query.purpose) where.push(eq(t.sampleScripts.purpose, request.query.purpose))
      if (request.query.language_code)
        where.push(eq(t.sampleScripts.languageCode, request.query.language_code))
      const rows = await app.ctx.db
        .select()
        .from(t.sampleScripts)
        .where(and(...where))
        .orderBy(asc(t.sampleScripts.purpose), asc(t.sampleScripts.rank), asc(t.sampleScripts.id))
      const items = rows.map(sampleScriptToWire)
      return ok({ total: items.length, items })
    },
  )
}
