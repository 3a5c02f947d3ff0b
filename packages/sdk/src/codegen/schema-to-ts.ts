/**
 * JSON Schema (the OpenAPI 3.0 subset @fastify/swagger writes from the routes' zod schemas) → a TypeScript type
 * expression. Pure; used by `openapi-to-ts.ts`. Descriptions become JSDoc comments on properties.
 */
export interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema | Schema[]
  enum?: unknown[]
  const?: unknown
  nullable?: boolean
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  $ref?: string
  description?: string
  format?: string
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name))
const literal = (value: unknown) => JSON.stringify(value)
const union = (parts: string[]) => {
  const unique = [...new Set(parts)]
  return unique.length === 1 ? unique[0]! : unique.map((p) => (p.includes('=>') ? `(${p})` : p)).join(' | ')
}
const comment = (text: string | undefined, indent: string) =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : ''

const refName = (ref: string) =>
  ref
    .split('/')
    .pop()!
    .replace(/[^A-Za-z0-9_$]/g, '_')

const objectType = (schema: Schema, indent: string): string => {
  const inner = `${indent}  `
  const required = new Set(schema.required ?? [])
  const lines = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${comment(property.description, inner)}${inner}${key(name)}${required.has(name) ? '' : '?'}: ${toTs(property, inner)}`,
  )
  const extra = schema.additionalProperties
  if (extra && typeof extra === 'object') lines.push(`${inner}[key: string]: ${toTs(extra, inner)}`)
  else if (extra === true || (!schema.properties && extra === undefined))
    lines.push(`${inner}[key: string]: unknown`)
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : 'Record<string, never>'
}

const baseType = (schema: Schema, indent: string): string => {
  if (schema.$ref) return refName(schema.$ref)
  if (schema.const !== undefined) return literal(schema.const)
  if (schema.enum) return union(schema.enum.map(literal))
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    const options = schema[combinator]
    if (options) return union(options.map((s) => toTs(s, indent)))
  }
  if (schema.allOf) return schema.allOf.map((s) => toTs(s, indent)).join(' & ')
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length > 1) return union(types.map((type) => baseType({ ...schema, type }, indent)))
  switch (types[0]) {
    case 'string':
      return 'string'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array': {
      const items = schema.items
      if (Array.isArray(items)) return `[${items.map((s) => toTs(s, indent)).join(', ')}]`
      const item = items ? toTs(items, indent) : 'unknown'
      return /^[\w"'.]+$/.test(item) ? `${item}[]` : `Array<${item}>`
    }
    case 'object':
      return objectType(schema, indent)
    default:
      return schema.properties ? objectType(schema, indent) : 'unknown'
  }
}

/** The TypeScript type of `schema`; `indent` is the indentation of the line the type starts on. */
export const toTs = (schema: Schema | undefined, indent = ''): string => {
  if (!schema || Object.keys(schema).length === 0) return 'unknown'
  const type = baseType(schema, indent)
  return schema.nullable && type !== 'unknown' ? union([type, 'null']) : type
}
