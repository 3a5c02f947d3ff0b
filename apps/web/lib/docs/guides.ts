import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** The guides, in the order the docs' menu lists them; each is content/docs/<locale>/<slug>.md. */
export const GUIDES = [
  'quick-start',
  'authentication',
  'errors-and-retries',
  'limits-and-concurrency',
  'audio-formats',
  'reading-rules',
  'webhooks',
  'migrate-from-vbee',
  'migrate-from-fpt-ai',
  'migrate-from-openai',
] as const
export type GuideSlug = (typeof GUIDES)[number]

export const isGuide = (slug: string): slug is GuideSlug => (GUIDES as readonly string[]).includes(slug)

/** The guides' folder: the web app's own files, read on the server (the web runs from apps/web or the repo). */
const contentDir = async (): Promise<string> => {
  for (const candidate of [
    path.join(process.cwd(), 'content/docs'),
    path.join(process.cwd(), 'apps/web/content/docs'),
  ])
    if (
      await readFile(path.join(candidate, 'vi', 'quick-start.md')).then(
        () => true,
        () => false,
      )
    )
      return candidate
  throw new Error(`The guides (content/docs) are not under ${process.cwd()}`)
}

/** A guide's Markdown in the locale (English for `en`, Vietnamese otherwise). */
export const readGuide = async (locale: string, slug: GuideSlug): Promise<string> =>
  readFile(path.join(await contentDir(), locale === 'en' ? 'en' : 'vi', `${slug}.md`), 'utf8')

/** The guide's title: its first `# ` line. */
export const titleOf = (source: string): string => /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? ''
