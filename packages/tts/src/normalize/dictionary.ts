/**
 * The user/organisation pronunciation dictionary. Entries are matched on word boundaries before any rule
 * runs, longest entry first, so "TP.HCM" or "Vinamilk" can be given a reading that no rule would produce.
 * Words are compared case-insensitively, except words written in capitals only (acronyms: "AI", "WHO",
 * "TP.HCM"), which match exactly that case, so an entry for "AI" never changes the Vietnamese word "ai". An
 * entry with a region applies only to that region and wins over a region-less entry for the same word.
 */
import { NormalizeError } from './errors.ts'
import { fold, isCapitalsOnly } from '@loa/contracts/browser'
import type { DictionaryEntry, Region } from './types.ts'

export interface DictionaryHit {
  end: number
  reading: string
}

export interface DictionaryMatcher {
  match(text: string, pos: number): DictionaryHit | null
}

interface TrieNode {
  children: Map<string, TrieNode>
  reading?: string
  /** The key was written in capitals: it matches only text in that exact case. */
  exact?: boolean
  /** Whether the key ends on a letter/digit, so the next character must not be one. */
  needsBoundary?: boolean
}

const ALNUM = /[\p{L}\p{N}\p{M}]/u

function insert(root: TrieNode, key: string, reading: string, exact: boolean): void {
  let node = root
  for (const unit of key.split('')) {
    const f = exact ? unit : fold(unit)
    let child = node.children.get(f)
    if (!child) {
      child = { children: new Map() }
      node.children.set(f, child)
    }
    node = child
  }
  node.reading = reading
  node.exact = exact
  node.needsBoundary = ALNUM.test(key[key.length - 1] ?? '')
}

/** Longest hit in one trie; `exact` tries compare units as they are, the others fold them. */
function longest(root: TrieNode, exact: boolean, text: string, pos: number): DictionaryHit | null {
  let node: TrieNode | undefined = root
  let best: DictionaryHit | null = null
  for (let p = pos; p < text.length && node; p++) {
    const unit = text[p] ?? ''
    node = node.children.get(exact ? unit : fold(unit))
    if (node?.reading !== undefined) {
      const end = p + 1
      if (!node.needsBoundary || !ALNUM.test(text[end] ?? '')) best = { end, reading: node.reading }
    }
  }
  return best
}

function validate(entry: DictionaryEntry, index: number): void {
  const ok =
    entry !== null &&
    typeof entry === 'object' &&
    typeof entry.word === 'string' &&
    entry.word.trim() !== '' &&
    typeof entry.reading === 'string' &&
    entry.reading.trim() !== '' &&
    (entry.region === undefined || ['NORTH', 'CENTRAL', 'SOUTH'].includes(entry.region))
  if (!ok) {
    throw new NormalizeError(
      'NORMALIZE_INVALID_DICTIONARY',
      `dictionary entry ${index} needs a non-empty word and reading and an optional region NORTH|CENTRAL|SOUTH`,
    )
  }
}

/** Builds a matcher for the entries that apply to `region`; null when nothing applies. */
export function buildDictionary(
  entries: readonly DictionaryEntry[],
  region: Region,
): DictionaryMatcher | null {
  if (!Array.isArray(entries)) {
    throw new NormalizeError('NORMALIZE_INVALID_DICTIONARY', 'dictionary must be an array of entries')
  }
  entries.forEach(validate)
  const applicable = entries.filter((e) => e.region === undefined || e.region === region)
  if (applicable.length === 0) return null
  const caseless: TrieNode = { children: new Map() }
  const exactCase: TrieNode = { children: new Map() }
  // Region-less first so a regional entry for the same word overwrites it.
  const ordered = [...applicable.filter((e) => !e.region), ...applicable.filter((e) => e.region)]
  for (const entry of ordered) {
    const word = entry.word.trim().replace(/\s+/gu, ' ')
    const reading = entry.reading.trim().normalize('NFC')
    const exact = isCapitalsOnly(word.normalize('NFC'))
    const root = exact ? exactCase : caseless
    insert(root, word.normalize('NFC'), reading, exact)
    insert(root, word.normalize('NFD'), reading, exact)
  }
  return {
    match(text, pos) {
      const a = longest(exactCase, true, text, pos)
      const b = longest(caseless, false, text, pos)
      // The longer hit wins; on a tie the entry written in the text's exact case does.
      if (!a) return b
      return b && b.end > a.end ? b : a
    },
  }
}
