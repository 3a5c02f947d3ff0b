import { AppError } from '@loa/contracts'
import { FlagsErrorCode } from './error-codes.ts'

/**
 * Write-time validation of GrowthBook feature rules and conditions. The SDK silently treats a malformed
 * rule as "no match" (bad weights fall back to equal weights, an unknown operator never matches); we
 * reject such input when it is written, with a stable code and the JSON path of the problem.
 */
export type ValueType = 'boolean' | 'string' | 'number' | 'json'
export const VALUE_TYPES: readonly ValueType[] = ['boolean', 'string', 'number', 'json']

const fail = (code: FlagsErrorCode, path: string, message: string): never => {
  throw new AppError(code, `${path}: ${message}`, 400, { details: { path } })
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const checkValueType = (valueType: ValueType, value: unknown, path: string): void => {
  const ok =
    valueType === 'boolean'
      ? typeof value === 'boolean'
      : valueType === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : valueType === 'string'
          ? typeof value === 'string'
          : value !== undefined
  if (!ok) fail(FlagsErrorCode.FLAG_VALUE_TYPE_MISMATCH, path, `must be a ${valueType} value`)
}

const LIST_OPS = new Set(['$in', '$nin', '$ini', '$nini', '$all', '$alli'])
const ANY_OPS = new Set(['$eq', '$ne', '$lt', '$lte', '$gt', '$gte'])
const VERSION_OPS = new Set(['$veq', '$vne', '$vgt', '$vgte', '$vlt', '$vlte'])
const REGEX_OPS = new Set(['$regex', '$regexi'])
const GROUP_OPS = new Set(['$inGroup', '$notInGroup'])
const TYPES = new Set(['string', 'number', 'boolean', 'array', 'object', 'null', 'undefined'])

export interface ConditionContext {
  /** Saved-group ids that exist; `$inGroup` to any other id is rejected. */
  savedGroupIds?: ReadonlySet<string>
}

const isOperatorObject = (v: Record<string, unknown>): boolean => {
  const keys = Object.keys(v)
  return keys.length > 0 && keys.every((k) => k.startsWith('$'))
}

const validateOperatorObject = (ops: Record<string, unknown>, path: string, ctx: ConditionContext): void => {
  for (const [op, operand] of Object.entries(ops)) {
    const at = `${path}.${op}`
    if (ANY_OPS.has(op)) {
      if (operand === undefined) fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'needs a value')
    } else if (LIST_OPS.has(op)) {
      if (!Array.isArray(operand)) fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be an array')
    } else if (VERSION_OPS.has(op)) {
      if (typeof operand !== 'string' && typeof operand !== 'number')
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be a version string')
    } else if (REGEX_OPS.has(op)) {
      if (typeof operand !== 'string') fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be a string')
      try {
        new RegExp(operand as string)
      } catch {
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'is not a valid regular expression')
      }
    } else if (GROUP_OPS.has(op)) {
      if (typeof operand !== 'string' || !operand)
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be a saved group id')
      if (ctx.savedGroupIds && !ctx.savedGroupIds.has(operand as string))
        fail(FlagsErrorCode.FLAG_SAVED_GROUP_NOT_FOUND, at, `saved group '${String(operand)}' does not exist`)
    } else if (op === '$exists') {
      if (typeof operand !== 'boolean')
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be true or false')
    } else if (op === '$type') {
      if (typeof operand !== 'string' || !TYPES.has(operand))
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, `must be one of ${[...TYPES].join(', ')}`)
    } else if (op === '$size') {
      if (typeof operand === 'number') continue
      if (!isPlainObject(operand) || !isOperatorObject(operand))
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be a number or an operator object')
      validateOperatorObject(operand as Record<string, unknown>, at, ctx)
    } else if (op === '$elemMatch') {
      if (!isPlainObject(operand)) fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be an object')
      const inner = operand as Record<string, unknown>
      if (isOperatorObject(inner)) validateOperatorObject(inner, at, ctx)
      else validateCondition(inner, ctx, at)
    } else if (op === '$not') {
      if (isPlainObject(operand) && isOperatorObject(operand)) validateOperatorObject(operand, at, ctx)
      else if (operand === undefined) fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'needs a value')
    } else {
      fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, `unknown operator ${op}`)
    }
  }
}

/** Validates a MongoDB-style condition as the SDK's `evalCondition` understands it. */
export const validateCondition = (
  condition: unknown,
  ctx: ConditionContext = {},
  path = 'condition',
): void => {
  if (!isPlainObject(condition)) fail(FlagsErrorCode.FLAG_CONDITION_INVALID, path, 'must be an object')
  for (const [key, value] of Object.entries(condition as Record<string, unknown>)) {
    const at = `${path}.${key}`
    if (key === '$or' || key === '$nor' || key === '$and') {
      if (!Array.isArray(value))
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'must be an array of conditions')
      ;(value as unknown[]).forEach((c, i) => validateCondition(c, ctx, `${at}[${i}]`))
    } else if (key === '$not') {
      validateCondition(value, ctx, at)
      // Any other key, even one starting with '$' (such as `$groups`), is an attribute path for the SDK.
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value)
      const dollar = keys.filter((k) => k.startsWith('$')).length
      if (dollar > 0 && dollar < keys.length)
        fail(FlagsErrorCode.FLAG_CONDITION_INVALID, at, 'mixes operators and plain keys')
      if (dollar > 0) validateOperatorObject(value, at, ctx)
    }
  }
}

const isNumberIn01 = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1

const validateRange = (range: unknown, path: string): [number, number] => {
  if (!Array.isArray(range) || range.length !== 2 || !isNumberIn01(range[0]) || !isNumberIn01(range[1]))
    fail(FlagsErrorCode.FLAG_RANGE_INVALID, path, 'must be [start, end] with 0 ≤ start ≤ end ≤ 1')
  const [a, b] = range as [number, number]
  if (a > b) fail(FlagsErrorCode.FLAG_RANGE_INVALID, path, 'start must not exceed end')
  return [a, b]
}

const optionalString = (
  rule: Record<string, unknown>,
  field: string,
  path: string,
  nonEmpty = false,
): void => {
  const v = rule[field]
  if (v === undefined) return
  if (typeof v !== 'string' || (nonEmpty && !v))
    fail(
      FlagsErrorCode.FLAG_RULE_INVALID,
      `${path}.${field}`,
      nonEmpty ? 'must be a non-empty string' : 'must be a string',
    )
}

const RULE_FIELDS = new Set([
  'id',
  'description',
  'condition',
  'parentConditions',
  'force',
  'variations',
  'weights',
  'key',
  'hashAttribute',
  'fallbackAttribute',
  'hashVersion',
  'disableStickyBucketing',
  'bucketVersion',
  'minBucketVersion',
  'range',
  'coverage',
  'ranges',
  'meta',
  'filters',
  'seed',
  'name',
  'phase',
  'enabled',
])

export interface StoredRule extends Record<string, unknown> {
  id: string
}

/**
 * Validates one rule and returns it normalised (an id, `hashVersion: 2` when a hash is involved and the
 * author did not choose). `enabled: false` keeps a rule stored but leaves it out of the payload.
 */
export const validateRule = (
  input: unknown,
  valueType: ValueType,
  path: string,
  ctx: ConditionContext & { newId: () => string },
): StoredRule => {
  if (!isPlainObject(input)) return fail(FlagsErrorCode.FLAG_RULE_INVALID, path, 'must be an object')
  const rule = input
  for (const field of Object.keys(rule))
    if (!RULE_FIELDS.has(field))
      fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.${field}`, 'unknown rule field')
  const isForce = 'force' in rule
  const isExperiment = 'variations' in rule
  if (isForce === isExperiment)
    fail(
      FlagsErrorCode.FLAG_RULE_INVALID,
      path,
      'a rule needs exactly one of `force` (value) or `variations` (experiment)',
    )
  optionalString(rule, 'id', path, true)
  optionalString(rule, 'description', path)
  optionalString(rule, 'key', path, true)
  optionalString(rule, 'hashAttribute', path, true)
  optionalString(rule, 'fallbackAttribute', path, true)
  optionalString(rule, 'seed', path, true)
  optionalString(rule, 'name', path)
  optionalString(rule, 'phase', path)
  if (rule.enabled !== undefined && typeof rule.enabled !== 'boolean')
    fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.enabled`, 'must be true or false')
  if (rule.disableStickyBucketing !== undefined && typeof rule.disableStickyBucketing !== 'boolean')
    fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.disableStickyBucketing`, 'must be true or false')
  for (const f of ['bucketVersion', 'minBucketVersion'])
    if (rule[f] !== undefined && !(Number.isInteger(rule[f]) && (rule[f] as number) >= 0))
      fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.${f}`, 'must be a non-negative integer')
  if (rule.hashVersion !== undefined && rule.hashVersion !== 1 && rule.hashVersion !== 2)
    fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.hashVersion`, 'must be 1 or 2')
  if (rule.condition !== undefined) validateCondition(rule.condition, ctx, `${path}.condition`)
  if (rule.coverage !== undefined && !isNumberIn01(rule.coverage))
    fail(FlagsErrorCode.FLAG_COVERAGE_INVALID, `${path}.coverage`, 'must be a number between 0 and 1')
  if (rule.range !== undefined) validateRange(rule.range, `${path}.range`)
  if (rule.parentConditions !== undefined) {
    if (!Array.isArray(rule.parentConditions))
      fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.parentConditions`, 'must be an array')
    ;(rule.parentConditions as unknown[]).forEach((p, i) => {
      const at = `${path}.parentConditions[${i}]`
      if (!isPlainObject(p) || typeof p.id !== 'string' || !p.id)
        fail(FlagsErrorCode.FLAG_RULE_INVALID, at, 'needs `id` (the parent feature) and `condition`')
      const parent = p as Record<string, unknown>
      validateCondition(parent.condition, ctx, `${at}.condition`)
      if (parent.gate !== undefined && typeof parent.gate !== 'boolean')
        fail(FlagsErrorCode.FLAG_RULE_INVALID, `${at}.gate`, 'must be true or false')
    })
  }
  if (rule.filters !== undefined) {
    if (!Array.isArray(rule.filters))
      fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.filters`, 'must be an array')
    ;(rule.filters as unknown[]).forEach((f, i) => {
      const at = `${path}.filters[${i}]`
      if (!isPlainObject(f) || typeof f.seed !== 'string' || !Array.isArray(f.ranges))
        fail(FlagsErrorCode.FLAG_RULE_INVALID, at, 'needs `seed` and `ranges`')
      ;((f as Record<string, unknown>).ranges as unknown[]).forEach((r, j) =>
        validateRange(r, `${at}.ranges[${j}]`),
      )
    })
  }
  if (isForce) checkValueType(valueType, rule.force, `${path}.force`)
  if (isExperiment) {
    const variations = rule.variations
    if (!Array.isArray(variations) || variations.length < 2)
      fail(
        FlagsErrorCode.FLAG_RULE_INVALID,
        `${path}.variations`,
        'an experiment needs at least two variations',
      )
    const n = (variations as unknown[]).length
    ;(variations as unknown[]).forEach((v, i) => checkValueType(valueType, v, `${path}.variations[${i}]`))
    if (rule.weights !== undefined) {
      const w = rule.weights
      if (!Array.isArray(w) || w.length !== n || !w.every(isNumberIn01))
        fail(FlagsErrorCode.FLAG_WEIGHTS_INVALID, `${path}.weights`, `must be ${n} numbers between 0 and 1`)
      const sum = (w as number[]).reduce((a, b) => a + b, 0)
      if (sum < 0.99 || sum > 1.01)
        fail(FlagsErrorCode.FLAG_WEIGHTS_INVALID, `${path}.weights`, `must sum to 1 (got ${sum})`)
    }
    if (rule.ranges !== undefined) {
      if (!Array.isArray(rule.ranges) || rule.ranges.length !== n)
        fail(FlagsErrorCode.FLAG_RANGE_INVALID, `${path}.ranges`, `must hold ${n} ranges`)
      ;(rule.ranges as unknown[]).forEach((r, i) => validateRange(r, `${path}.ranges[${i}]`))
    }
    if (rule.meta !== undefined) {
      if (!Array.isArray(rule.meta) || rule.meta.length !== n || !rule.meta.every(isPlainObject))
        fail(FlagsErrorCode.FLAG_RULE_INVALID, `${path}.meta`, `must hold ${n} objects`)
    }
  } else {
    for (const f of ['weights', 'ranges', 'meta', 'key', 'phase'])
      if (rule[f] !== undefined)
        fail(
          FlagsErrorCode.FLAG_RULE_INVALID,
          `${path}.${f}`,
          'only experiment rules (with `variations`) take this field',
        )
  }
  const usesHash = isExperiment || rule.coverage !== undefined || rule.range !== undefined
  const normalised: StoredRule = { ...rule, id: (rule.id as string | undefined) ?? ctx.newId() }
  if (usesHash && normalised.hashVersion === undefined) normalised.hashVersion = 2
  return normalised
}

export const validateRules = (
  rules: unknown,
  valueType: ValueType,
  ctx: ConditionContext & { newId: () => string },
): StoredRule[] => {
  if (!Array.isArray(rules)) return fail(FlagsErrorCode.FLAG_RULE_INVALID, 'rules', 'must be an array')
  const out = rules.map((r, i) => validateRule(r, valueType, `rules[${i}]`, ctx))
  const ids = new Set<string>()
  for (const [i, r] of out.entries()) {
    if (ids.has(r.id)) fail(FlagsErrorCode.FLAG_RULE_INVALID, `rules[${i}].id`, `duplicate rule id ${r.id}`)
    ids.add(r.id)
  }
  return out
}

/** Collects saved-group ids a condition tree references (to refuse deleting a group in use). */
export const referencedGroups = (value: unknown, out = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) value.forEach((v) => referencedGroups(v, out))
  else if (isPlainObject(value))
    for (const [k, v] of Object.entries(value)) {
      if ((k === '$inGroup' || k === '$notInGroup') && typeof v === 'string') out.add(v)
      else referencedGroups(v, out)
    }
  return out
}
