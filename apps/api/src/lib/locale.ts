import { DEFAULT_LOCALE, LOCALES, type Locale } from '@loa/contracts'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'

/** `?locale=vi|en` on catalogue reads: which language names, descriptions and images come in. */
export const localeQuery = {
  locale: z
    .enum(LOCALES)
    .optional()
    .describe(
      'Language of names, descriptions and images (vi or en). Default: the Accept-Language header, else vi.',
    ),
}

/** The first supported language of an Accept-Language header (by q weight), or undefined. */
export const acceptedLocale = (header: string | undefined): Locale | undefined => {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    const base = tag.split('-')[0]
    if ((LOCALES as readonly string[]).includes(base!)) return base as Locale
  }
  return undefined
}

/** The request's catalogue language: the `locale` query first, then Accept-Language, then Vietnamese. */
export const requestLocale = (request: FastifyRequest): Locale => {
  const query = (request.query as { locale?: unknown } | undefined)?.locale
  if (typeof query === 'string' && (LOCALES as readonly string[]).includes(query)) return query as Locale
  return acceptedLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE
}

/**
 * A row's text in a language: the Vietnamese columns are the original, `translations[locale]` holds other languages
 * field by field; a field without a translation stays Vietnamese.
 */
export const translated = <T extends object>(
  original: T,
  translations: Partial<Record<string, Partial<T>>> | null | undefined,
  locale: Locale,
): T => {
  if (locale === DEFAULT_LOCALE) return original
  const extra: Partial<T> = translations?.[locale] ?? {}
  const out = { ...original }
  for (const key of Object.keys(extra) as (keyof T)[]) {
    const value = extra[key]
    if (value !== undefined && value !== null && value !== '') out[key] = value as T[keyof T]
  }
  return out
}
