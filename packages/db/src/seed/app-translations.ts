import { and, eq, sql } from 'drizzle-orm'
import { appSchemaTables as t } from './app-tables.ts'
import { NEWS_SEEDS_EN } from './app-marketing-en.ts'
import { PACKAGE_TEXT_EN, POPUP_BANNER_IMAGE_PATH_EN, VOUCHER_TEXT_EN } from './app-catalogue-translations.ts'
import type { SeedFunction } from './types.ts'

const untranslated = (column: typeof t.packages.translations | typeof t.vouchers.translations) =>
  sql`${column} = '{}'::jsonb`

/**
 * English texts of the seeded catalogue and the English news posts. Translations are written only where a row has
 * none yet (new installs, and installs from before translations existed); an operator's translation is kept.
 */
export const seedAppTranslations: SeedFunction = async ({ db }) => {
  for (const [code, en] of Object.entries(PACKAGE_TEXT_EN))
    await db
      .update(t.packages)
      .set({ translations: { en } })
      .where(and(eq(t.packages.code, code), untranslated(t.packages.translations)))
  for (const [code, en] of Object.entries(VOUCHER_TEXT_EN))
    await db
      .update(t.vouchers)
      .set({ translations: { en } })
      .where(and(eq(t.vouchers.code, code), untranslated(t.vouchers.translations)))
  await db
    .update(t.banners)
    .set({ translations: { en: { imageUrl: POPUP_BANNER_IMAGE_PATH_EN } } })
    .where(and(eq(t.banners.code, 'landing-popup'), sql`${t.banners.translations} = '{}'::jsonb`))
  await db
    .insert(t.news)
    .values(NEWS_SEEDS_EN.map((n) => ({ ...n, locale: 'en', publishedAt: new Date(n.publishedAt) })))
    .onConflictDoNothing({ target: t.news.slug })
}
