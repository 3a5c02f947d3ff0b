import type { JsonSchema } from './walk.ts'

/** What a field name means and a realistic value of it. */
export interface GlossaryEntry {
  description: string
  example?: unknown
}

/** Finds the entry of a field name as read in a resource (`orders`, `voices`…) under a parent property. */
export type Lookup = (scope: string, name: string, parent?: string) => GlossaryEntry | undefined

const types = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]

const allowsNull = (schema: JsonSchema): boolean =>
  schema.nullable === true ||
  types(schema).includes('null') ||
  (schema.anyOf ?? schema.oneOf ?? []).some((variant) => allowsNull(variant))

const inRange = (value: number, schema: JsonSchema) =>
  (schema.minimum === undefined || value >= schema.minimum) &&
  (schema.maximum === undefined || value <= schema.maximum) &&
  (typeof schema.exclusiveMinimum !== 'number' || value > schema.exclusiveMinimum) &&
  (typeof schema.exclusiveMaximum !== 'number' || value < schema.exclusiveMaximum)

/**
 * Whether a glossary value can stand for a field of this schema: type, enum, bounds, pattern and the properties it
 * carries. A shallow guard (the test validates every finished example with a full JSON Schema validator).
 */
export const fits = (value: unknown, schema: JsonSchema): boolean => {
  if (value === null) return allowsNull(schema)
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) return variants.some((variant) => fits(value, variant))
  if (schema.allOf && !schema.allOf.every((part) => fits(value, part))) return false
  if (schema.enum) return schema.enum.includes(value)
  if (schema.const !== undefined) return schema.const === value
  const kinds = types(schema)
  if (typeof value === 'string') {
    if (kinds.length && !kinds.includes('string')) return false
    const length = [...value].length
    if (schema.minLength !== undefined && length < schema.minLength) return false
    if (schema.maxLength !== undefined && length > schema.maxLength) return false
    return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value)
  }
  if (typeof value === 'number') {
    if (kinds.length && !kinds.includes('number') && !(kinds.includes('integer') && Number.isInteger(value)))
      return false
    return inRange(value, schema)
  }
  if (typeof value === 'boolean') return !kinds.length || kinds.includes('boolean')
  if (Array.isArray(value)) {
    if (kinds.length && !kinds.includes('array')) return false
    if (schema.minItems !== undefined && value.length < schema.minItems) return false
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false
    return !schema.items || value.every((item) => fits(item, schema.items as JsonSchema))
  }
  if (typeof value === 'object') {
    if (kinds.length && !kinds.includes('object')) return false
    const record = value as Record<string, unknown>
    if ((schema.required ?? []).some((key) => !(key in record))) return false
    return Object.entries(record).every(([key, item]) => {
      const property = schema.properties?.[key]
      if (property) return fits(item, property)
      return schema.additionalProperties !== false || !schema.properties
    })
  }
  return false
}

const EXAMPLE_TIME = '2026-11-23T08:00:00.000Z'

const stringFor = (schema: JsonSchema): string => {
  switch (schema.format) {
    case 'date-time':
      return EXAMPLE_TIME
    case 'date':
      return '2026-11-23'
    case 'email':
      return 'khach.hang@example.vn'
    case 'uri':
    case 'url':
      return 'https://example.vn/trang'
    case 'uuid':
      return '5b0e6c1e-2f4a-4c39-9a57-0d8f3f7c9b21'
  }
  const text = 'Xin chào'
  return schema.minLength && schema.minLength > text.length ? text.padEnd(schema.minLength, '.') : text
}

const numberFor = (schema: JsonSchema): number => {
  const low =
    schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1)
  return schema.maximum !== undefined ? Math.min(low, schema.maximum) : low
}

/**
 * A value for `schema`: its own example when it has one, else the glossary's value for the field's name when it
 * fits, else one derived from the schema (enum, default, format, bounds). Objects list every property; arrays hold
 * as many items as they must (at least one).
 */
export const buildExample = (
  schema: JsonSchema,
  scope: string,
  lookup: Lookup,
  name?: string,
  parent?: string,
): unknown => {
  if (schema.example !== undefined) return schema.example
  if (schema.examples?.length) return schema.examples[0]
  const entry = name === undefined ? undefined : lookup(scope, name, parent)
  if (entry && entry.example !== undefined && fits(entry.example, schema)) return entry.example
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) {
    const chosen = variants.find((variant) => !types(variant).includes('null') && variant.enum?.[0] !== null)
    return chosen ? buildExample(chosen, scope, lookup, name, parent) : null
  }
  if (schema.allOf)
    return Object.assign(
      {},
      ...schema.allOf.map((part) => buildExample(part, scope, lookup, name, parent) as object),
    )
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  const kinds = types(schema)
  if (kinds.includes('array') || schema.items) {
    const item = buildExample(schema.items ?? {}, scope, lookup, name, parent)
    return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => item)
  }
  if (kinds.includes('object') || schema.properties) {
    const out: Record<string, unknown> = {}
    for (const [key, property] of Object.entries(schema.properties ?? {}))
      out[key] = buildExample(property, scope, lookup, key, name)
    return out
  }
  if (kinds.includes('string')) return stringFor(schema)
  if (kinds.includes('integer') || kinds.includes('number')) return numberFor(schema)
  if (kinds.includes('boolean')) return false
  return allowsNull(schema) ? null : {}
}
