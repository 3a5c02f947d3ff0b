/**
 * The public developer OpenAPI document as the site's reference reads it (`GET /api/v1/openapi.json`, which holds
 * only the developer API): the types it uses, operations grouped by product tag, a schema's type in words.
 */

export interface Schema {
  type?: string | string[]
  description?: string
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  enum?: unknown[]
  format?: string
  nullable?: boolean
  default?: unknown
  minimum?: number
  maximum?: number
  maxLength?: number
  example?: unknown
  additionalProperties?: Schema | boolean
}

export interface Parameter {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: Schema
  example?: unknown
}

export interface Media {
  schema?: Schema
  example?: unknown
  examples?: Record<string, { value?: unknown }>
}

export interface Operation {
  summary?: string
  description?: string
  tags?: string[]
  parameters?: Parameter[]
  security?: Record<string, unknown>[]
  requestBody?: { content?: Record<string, Media> }
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>
  callbacks?: Record<string, Record<string, Record<string, Operation>>>
}

export interface ApiDocument {
  info?: { title?: string; version?: string; description?: string }
  servers?: { url: string }[]
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, Operation>>
}

export interface OperationEntry {
  id: string
  method: string
  path: string
  operation: Operation
}

export interface ProductGroup {
  tag: string
  id: string
  operations: OperationEntry[]
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** A URL fragment for a name: `Text to speech` → `text-to-speech`, `POST /v1/tts` → `post-v1-tts`. */
export const anchorOf = (value: string): string =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** Operations grouped by their (first) tag, in the document's tag order; paths in document order within. */
export const groupByProduct = (doc: ApiDocument): ProductGroup[] => {
  const groups = new Map<string, OperationEntry[]>()
  for (const tag of doc.tags ?? []) groups.set(tag.name, [])
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const tag = operation.tags?.[0] ?? ''
      if (!groups.has(tag)) groups.set(tag, [])
      groups.get(tag)!.push({ id: anchorOf(`${method} ${path}`), method, path, operation })
    }
  // Within a product the current API (`/v1/…`) comes before the older `/api/v1/…` shape (a stable sort).
  const older = (entry: OperationEntry) => (entry.path.startsWith('/api/') ? 1 : 0)
  return [...groups]
    .filter(([, operations]) => operations.length > 0)
    .map(([tag, operations]) => ({
      tag,
      id: anchorOf(tag),
      operations: [...operations].sort((a, b) => older(a) - older(b)),
    }))
}

/** A schema's type in a few words: `string`, `integer (8000–48000)`, `array of object`, `mp3 | wav`. */
export const typeOf = (schema: Schema | undefined): string => {
  if (!schema) return 'any'
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) return [...new Set(variants.map(typeOf))].join(' | ')
  if (schema.enum) return schema.enum.map((value) => (value === null ? 'null' : String(value))).join(' | ')
  const type = Array.isArray(schema.type)
    ? schema.type.join(' | ')
    : (schema.type ?? (schema.properties ? 'object' : 'any'))
  if (type === 'array') return `array of ${typeOf(schema.items)}`
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined
      ? ` (${schema.minimum}–${schema.maximum})`
      : ''
  const nullable = schema.nullable ? ' | null' : ''
  return `${type}${schema.format ? ` (${schema.format})` : ''}${range}${nullable}`
}

export interface Field {
  name: string
  depth: number
  type: string
  required: boolean
  description?: string
}

/** The named fields of a body, parents before children, to `maxDepth` levels (arrays read through their items). */
export const fieldsOf = (schema: Schema | undefined, maxDepth = 3, depth = 0, prefix = ''): Field[] => {
  if (!schema || depth >= maxDepth) return []
  const object = schema.items ?? (schema.anyOf ?? schema.oneOf)?.find((s) => s.properties) ?? schema
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => [
    {
      name: `${prefix}${name}`,
      depth,
      type: typeOf(property),
      required: (object.required ?? []).includes(name),
      description: property.description,
    },
    ...fieldsOf(property, maxDepth, depth + 1, `${prefix}${name}${property.items ? '[].' : '.'}`),
  ])
}

/** The example of a body or answer: its own, the first named one, else the schema's. */
export const exampleOf = (media: Media | undefined): unknown => {
  if (!media) return undefined
  if (media.example !== undefined) return media.example
  const first = Object.values(media.examples ?? {})[0]
  if (first?.value !== undefined) return first.value
  return media.schema?.example
}

/** Which credential an operation takes: the app token, the console's sign-in, or none. */
export const authOf = (operation: Operation): 'appToken' | 'bearer' | 'none' => {
  const schemes = (operation.security ?? []).flatMap((entry) => Object.keys(entry))
  if (schemes.includes('appToken')) return 'appToken'
  if (schemes.includes('bearer')) return 'bearer'
  return 'none'
}
