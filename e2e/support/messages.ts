import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { resolveCommonReferences } from '../../apps/web/i18n/common-references.ts'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'messages')
type Tree = { [key: string]: string | Tree }
type Locale = 'vi' | 'en'
type Values = Record<string, string | number>
const read = (file: string) => JSON.parse(readFileSync(path.join(dir, `${file}.json`), 'utf8')) as Tree
/** A catalogue file with its `@:common.…` references resolved, as the web's loader does. */
const load = (file: string) =>
  resolveCommonReferences({ ...read(path.join('common', path.basename(file))), ...read(file) })

/**
 * The messages of one web catalogue (`apps/web/messages/<folder>/{vi,en}.json`, or the root one), from `root` down:
 * a key gives the text the web shows, with its `{name}` placeholders filled.
 */
export const catalogue = (folder: string, root?: string) => {
  const loaded = { vi: load(path.join(folder, 'vi')), en: load(path.join(folder, 'en')) }
  return (key: string, values: Values = {}, locale: Locale = 'vi'): string => {
    let node: string | Tree | undefined = root ? loaded[locale][root] : loaded[locale]
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
    if (typeof node !== 'string') throw new Error(`no message ${folder || 'web'}:${locale}:${key}`)
    return node.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
  }
}

const web = catalogue('')
/** A message of the web's main catalogue (messages/{vi,en}.json). */
export const msg = (locale: Locale, key: string, values: Values = {}): string => web(key, values, locale)
/** A studio message (messages/studio/{vi,en}.json). */
export const sm = catalogue('studio')
/** A console message (messages/console/{vi,en}.json, namespace devConsole). */
export const dm = catalogue('console', 'devConsole')
/** A back-office message (messages/admin/{vi,en}.json, namespace admin). */
export const am = catalogue('admin', 'admin')
