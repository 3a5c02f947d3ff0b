/**
 * School arithmetic: whether a token sits on a line that is an expression ("187 – 62 + 70 = 195",
 * "24 : (3 x 2) = 4"). On such a line a dash is "trừ" and "45 000" is one number with a space for thousands.
 * Computed once per text (one pass over the tokens) and cached, so each question is O(1).
 */
import type { Token } from './tokenizer.ts'

const cache = new WeakMap<readonly Token[], Uint8Array>()

function markLines(tokens: readonly Token[]): Uint8Array {
  const marks = new Uint8Array(tokens.length)
  let lineStart = 0
  let isExpression = false
  const close = (end: number): void => {
    if (isExpression) marks.fill(1, lineStart, end)
  }
  tokens.forEach((t, i) => {
    if (t.type === 'newline') {
      close(i)
      lineStart = i + 1
      isExpression = false
    } else if (t.type === 'word' && /[=×]/.test(t.text)) isExpression = true
  })
  close(tokens.length)
  return marks
}

export function onExpressionLine(tokens: readonly Token[], i: number): boolean {
  let marks = cache.get(tokens)
  if (!marks) {
    marks = markLines(tokens)
    cache.set(tokens, marks)
  }
  return marks[i] === 1
}

const LEFT_OPERAND = /\d$/
const RIGHT_OPERAND = /^\d/

/**
 * A spaced sign between two operands ("12 : 4", "(20 : 10) : 2", "7 000 – 3 000 = 4 000"): ":" is "chia"
 * anywhere, a dash is "trừ" on an expression line. Null for any other punctuation.
 */
export function arithmeticSign(tokens: readonly Token[], i: number): string | null {
  const sign = tokens[i]?.text
  if (sign !== ':' && sign !== '-' && sign !== '–') return null
  if (tokens[i - 1]?.type !== 'space' || tokens[i + 1]?.type !== 'space') return null
  const left = tokens[i - 2]
  const right = tokens[i + 2]
  const leftOk =
    left !== undefined && (left.text === ')' || (left.type === 'word' && LEFT_OPERAND.test(left.text)))
  const rightOk =
    right !== undefined && (right.text === '(' || (right.type === 'word' && RIGHT_OPERAND.test(right.text)))
  if (!leftOk || !rightOk) return null
  if (sign === ':') return 'chia'
  return onExpressionLine(tokens, i) ? 'trừ' : null
}
