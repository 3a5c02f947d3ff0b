/**
 * The user/organisation pronunciation dictionary. Entries are matched case-insensitively on word
 * boundaries before any rule runs, longest entry first, so "TP.HCM" or "Vinamilk" can be given a
 * reading that no rule would produce. An entry with a region applies only to that region and wins over
 * a region-less entry for the same word.
 */
import { NormalizeError } from './errors.ts'
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
  /** Whether the key ends on a letter/digit, so the next character must not be one. */
  needsBoundary?: boolean
}

const ALNUM = /[\p{L}\p{N}\p{M}]/u

/** Lowercases one UTF-16 unit, keeping it when lowercasing would change the length (offsets stay exact). */
function fold(unit: string): string {
  const lower = unit.toLowerCase()
  return lower.length === 1 ? lower : unit
}

/**
 * The form under which the matcher compares a dictionary word: trimmed, NFC, whitespace runs as one space,
 * each UTF-16 unit lowercased like the matcher does. Two words with the same key match the same text, so a
 * store of entries can keep one entry per key (and region).
 */
export function dictionaryWordKey(word: string): string {
  return word.trim().normalize('NFC').replace(/\s+/gu, ' ').split('').map(fold).join('')
}

function insert(root: TrieNode, key: string, reading: string): void {
  let node = root
  for (const unit of key.split('')) {
    const f = fold(unit)
    let child = node.children.get(f)
    if (!child) {
      child = { children: new Map() }
      node.children.set(f, child)
    }
    node = child
  }
  node.reading = reading
  node.needsBoundary = ALNUM.test(key[key.length - 1] ?? '')
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
  const root: TrieNode = { children: new Map() }
  // Region-less first so a regional entry for the same word overwrites it.
  const ordered = [...applicable.filter((e) => !e.region), ...applicable.filter((e) => e.region)]
  for (const entry of ordered) {
    const word = entry.word.trim()
    const reading = entry.reading.trim().normalize('NFC')
    insert(root, word.normalize('NFC'), reading)
    insert(root, word.normalize('NFD'), reading)
  }
  return {
    match(text, pos) {
      let node: TrieNode | undefined = root
      let best: DictionaryHit | null = null
      for (let p = pos; p < text.length && node; p++) {
        node = node.children.get(fold(text[p] ?? ''))
        if (node?.reading !== undefined) {
          const end = p + 1
          if (!node.needsBoundary || !ALNUM.test(text[end] ?? '')) best = { end, reading: node.reading }
        }
      }
      return best
    },
  }
}
