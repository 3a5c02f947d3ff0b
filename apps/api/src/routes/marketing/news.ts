import { AppError, DEFAULT_LOCALE, ok, type Locale } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { localeQuery, requestLocale } from '../../lib/locale.ts'
import { envelope, pagination } from '../../lib/wire.ts'

export type NewsRow = typeof t.news.$inferSelect

export const newsWire = z.object({
  slug: z.string(),
  blog: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  thumbnail_url: z.string().nullable(),
  author: z.string(),
  locale: z.string(),
  active: z.boolean(),
  published_at: z.string(),
})

export const newsToWire = (n: NewsRow): z.infer<typeof newsWire> => ({
  slug: n.slug,
  blog: n.blog,
  title: n.title,
  summary: n.summary,
  content: n.content,
  thumbnail_url: n.thumbnailUrl,
  author: n.author,
  locale: n.locale,
  active: n.active,
  published_at: n.publishedAt.toISOString(),
})

const slug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by -')

/**
 * GET /news — published posts of one language, newest first. `blog` selects a category (`tin-tuc`, `huong-dan`);
 * `true`/empty means every category. The language is `locale` (else Accept-Language, else vi); a language without
 * posts falls back to the Vietnamese ones and says so (`fallback: true`, each post carries its own `locale`).
 */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news',
    {
      schema: {
        tags: ['marketing'],
        summary: 'List news posts',
        querystring: z.object({
          blog: z.string().max(60).optional(),
          ...localeQuery,
          ...pagination(10, 50),
        }),
        response: {
          200: envelope(
            z.object({
              total: z.number(),
              items: z.array(newsWire),
              locale: z.enum(['vi', 'en']).describe('Language of the posts returned'),
              fallback: z
                .boolean()
                .describe('True when the asked language had no posts and these are Vietnamese'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const q = request.query
      const asked = requestLocale(request)
      const page = await newsPage(q, asked)
      if (page.total > 0 || asked === DEFAULT_LOCALE) return ok({ ...page, locale: asked, fallback: false })
      return ok({ ...(await newsPage(q, DEFAULT_LOCALE)), locale: DEFAULT_LOCALE, fallback: true })
    },
  )

  async function newsPage(q: { blog?: string; offset: number; limit: number }, locale: Locale) {
    const where: SQL[] = [eq(t.news.active, true), lte(t.news.publishedAt, new Date())]
    if (q.blog && !['true', '1', 'all'].includes(q.blog)) where.push(eq(t.news.blog, q.blog))
    where.push(eq(t.news.locale, locale))
    const db = app.ctx.db
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(t.news)
        .where(and(...where))
        .orderBy(desc(t.news.publishedAt), desc(t.news.id))
        .offset(q.offset)
        .limit(q.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.news)
        .where(and(...where)),
    ])
    return { total: count?.n ?? 0, items: rows.map(newsToWire) }
  }

  app.get(
    '/news/:slug',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Read one news post',
        params: z.object({ slug }),
        response: { 200: envelope(newsWire) },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db
        .select()
        .from(t.news)
        .where(and(eq(t.news.slug, request.params.slug), eq(t.news.active, true)))
      if (!row) throw new AppError(ApiErrorCode.NEWS_NOT_FOUND, 'News post not found', 404)
      return ok(newsToWire(row))
    },
  )
}

export { slug as newsSlug }
