/**
 * Citation marks copied with encyclopaedia text ("[12]", "[note 1]", "[cần dẫn nguồn]") are not read: the
 * brackets and what is inside are skipped as a whole.
 */
import type { Token } from './tokenizer.ts'

const CITATION = /^(\d{1,3}|[a-z]{1,6} ?\d{1,3}|cần dẫn nguồn|citation needed|cần nguồn|ai\?|khi nào\?)$/iu
const MAX_TOKENS = 8

/** When token i opens a citation, the index just after its closing bracket; otherwise -1. */
export function citationEnd(tokens: readonly Token[], i: number): number {
  if (tokens[i]?.text !== '[') return -1
  let inner = ''
  for (let j = i + 1; j < tokens.length && j <= i + MAX_TOKENS; j++) {
    const t = tokens[j]!
    if (t.type === 'punct' && t.text === ']') return CITATION.test(inner.trim()) ? j + 1 : -1
    if (t.type === 'newline' || t.type === 'tag') return -1
    inner += t.text
  }
  return -1
}
