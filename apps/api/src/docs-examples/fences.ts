import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The guides' sources (the web app's Markdown files, read as text). */
export const GUIDES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/content/docs',
)

export interface Fence {
  language: string
  meta: Record<string, string>
  code: string
  line: number
}

export interface GuideSource {
  locale: string
  slug: string
  fences: Fence[]
}

/** Fenced blocks with their info (`sh expect=200 save=ID:requestId` → language and meta), as the site reads them. */
export const fencesOf = (source: string): Fence[] => {
  const lines = source.split('\n')
  const fences: Fence[] = []
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(.*)$/.exec(lines[i]!)
    if (!open) continue
    const [language = '', ...rest] = open[1]!.trim().split(/\s+/)
    const meta = Object.fromEntries(
      rest.filter(Boolean).map((word) => {
        const at = word.indexOf('=')
        return at < 0 ? [word, ''] : [word.slice(0, at), word.slice(at + 1)]
      }),
    )
    const start = i + 1
    while (i + 1 < lines.length && !lines[i + 1]!.startsWith('```')) i += 1
    fences.push({ language, meta, code: lines.slice(start, i + 1).join('\n'), line: start })
    i += 1
  }
  return fences
}

export const readGuides = (): GuideSource[] =>
  readdirSync(GUIDES_DIR).flatMap((locale) =>
    readdirSync(path.join(GUIDES_DIR, locale))
      .filter((file) => file.endsWith('.md'))
      .sort()
      .map((file) => ({
        locale,
        slug: file.replace(/\.md$/, ''),
        fences: fencesOf(readFileSync(path.join(GUIDES_DIR, locale, file), 'utf8')),
      })),
  )

/** `result.items[0].code` of a JSON value. */
export const pick = (value: unknown, dotted: string): unknown =>
  dotted
    .split('.')
    .flatMap((part) => part.split(/\[(\d+)\]/).filter(Boolean))
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value)

/**
 * Where an answer differs from the one a guide shows: a key the guide shows that the answer lacks, another type, or
 * another code (an all-capitals string: `status`, `error_code`, `SUCCESS`). Other values may differ (ids, times).
 */
export const shapeDifferences = (shown: unknown, actual: unknown, at = ''): string[] => {
  if (shown === null) return []
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${at || '/'}: not an array`]
    return shown.length && actual.length ? shapeDifferences(shown[0], actual[0], `${at}[0]`) : []
  }
  if (typeof shown === 'object') {
    if (!actual || typeof actual !== 'object') return [`${at || '/'}: not an object`]
    return Object.entries(shown).flatMap(([key, value]) =>
      key in actual
        ? shapeDifferences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`)
        : [`${at}.${key}: missing`],
    )
  }
  if (actual === null) return []
  if (typeof shown !== typeof actual) return [`${at}: ${typeof actual} instead of ${typeof shown}`]
  if (typeof shown === 'string' && /^[A-Z][A-Z0-9_]+$/.test(shown) && shown !== actual)
    return [`${at}: ${String(actual)} instead of ${shown}`]
  if ((typeof shown === 'number' && at.endsWith('.status')) || typeof shown === 'boolean')
    return shown === actual ? [] : [`${at}: ${String(actual)} instead of ${String(shown)}`]
  return []
}
