import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'messages')
type Tree = { [key: string]: string | Tree }
const load = (locale: string) => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Tree

const messages = { vi: load('vi'), en: load('en') }

/** The translation the web shows, with `{name}` placeholders filled. */
export const msg = (
  locale: 'vi' | 'en',
  key: string,
  values: Record<string, string | number> = {},
): string => {
  let node: string | Tree | undefined = messages[locale]
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'string') throw new Error(`no message ${locale}:${key}`)
  return node.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
}

const consoleMessages = { vi: load('console/vi'), en: load('console/en') }

/** A console message (messages/console/{vi,en}.json, namespace devConsole) with `{name}` placeholders filled. */
export const dm = (
  key: string,
  values: Record<string, string | number> = {},
  locale: 'vi' | 'en' = 'vi',
): string => {
  let node: string | Tree | undefined = consoleMessages[locale].devConsole
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'string') throw new Error(`no console message ${key}`)
  return node.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
}
