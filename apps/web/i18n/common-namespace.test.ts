import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { COMMON_REFERENCE, resolveCommonReferences } from './common-references'
import { loadMessages } from './messages'

type Tree = { [key: string]: string | Tree }

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'messages')
const read = (folder: string, locale: string) =>
  JSON.parse(readFileSync(path.join(dir, folder, `${locale}.json`), 'utf8')) as Tree
const folders = ['', ...readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory())]
const strings = (tree: Tree, at = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' ? strings(v, `${at}${k}.`) : [[`${at}${k}`, v]],
  )
const valueAt = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((n, k) => (typeof n === 'object' ? n[k] : undefined), tree)

/** Copies of common strings not yet replaced by references (none left; the list may only shrink). */
const NOT_YET_REFERENCED = new Set<string>([])

describe('spec §9 "default namespace common": shared strings live in common, screens reference them', () => {
  it('every @:common reference names a common string, in vi and en; the loaded catalogue holds the text', async () => {
    for (const locale of ['vi', 'en'] as const) {
      const loaded = (await loadMessages(locale)) as unknown as Tree
      expect(strings(loaded).filter(([, v]) => v.startsWith('@:'))).toEqual([])
      expect(valueAt(loaded, 'shell.tabs.dubbing')).toBe(valueAt(loaded, 'common.products.dubbing'))
      expect(valueAt(loaded, 'checkout.type.CALL')).toBe(valueAt(loaded, 'common.products.callPrompts'))
    }
    expect(valueAt((await loadMessages('en')) as unknown as Tree, 'site.notFound.home')).toBe(
      'Go to the home page',
    )
  })

  it('lists stay lists, references inside them resolved (the legal pages map over them)', () => {
    const resolved = resolveCommonReferences({
      common: { email: 'Email' },
      privacy: { items: ['một', '@:common.email'], count: 2 },
    })
    expect(Array.isArray(resolved.privacy.items)).toBe(true)
    expect(resolved.privacy).toEqual({ items: ['một', 'Email'], count: 2 })
  })

  it('a reference to nothing stops the load, naming the key', () => {
    expect(() =>
      resolveCommonReferences({ common: { email: 'Email' }, contact: { email: '@:common.mail' } }),
    ).toThrow('contact.email: "@:common.mail" names no string of the common namespace')
  })

  it('no screen copies a common string (same text in vi and en) instead of referencing it', () => {
    const common = { vi: read('common', 'vi'), en: read('common', 'en') }
    const shared = new Map(
      strings(common.vi).map(([key, vi]) => [`${vi}\u0000${String(valueAt(common.en, key))}`, key]),
    )
    const copies: string[] = []
    const stillCopied: string[] = []
    for (const folder of folders.filter((f) => f !== 'common')) {
      const en = read(folder, 'en')
      for (const [key, vi] of strings(read(folder, 'vi'))) {
        const enText = String(valueAt(en, key))
        const name = `${folder || 'root'}:${key}`
        if (vi.startsWith(COMMON_REFERENCE) || enText.startsWith(COMMON_REFERENCE)) {
          expect(enText, `${name} refers to common in one language, so in both`).toBe(vi)
          continue
        }
        if (!shared.has(`${vi}\u0000${enText}`)) continue
        if (NOT_YET_REFERENCED.has(name)) stillCopied.push(name)
        else copies.push(name)
      }
    }
    expect(copies).toEqual([])
    // A listed copy that became a reference (or went away) leaves the list.
    expect(stillCopied.sort()).toEqual([...NOT_YET_REFERENCED].sort())
  })

  it('common holds strings shared by two screens or more (each is referenced at least twice)', () => {
    const uses = new Map<string, number>()
    for (const folder of folders.filter((f) => f !== 'common'))
      for (const [, v] of strings(read(folder, 'vi')))
        if (v.startsWith(COMMON_REFERENCE)) uses.set(v, (uses.get(v) ?? 0) + 1)
    const lonely = strings(read('common', 'vi'))
      .map(([key]) => `${COMMON_REFERENCE}${key.slice('common.'.length)}`)
      .filter((ref) => (uses.get(ref) ?? 0) < 2)
    expect(lonely).toEqual([])
  })
})
