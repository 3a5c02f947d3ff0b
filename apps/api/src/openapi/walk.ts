/**
 * One walk over a generated OpenAPI 3.0 document, shared by the transform that documents it (index.ts) and the test
 * that proves nothing is left undocumented (openapi.test.ts): every operation, parameter, JSON body and JSON 2xx
 * answer, and every property of their schemas (through items, anyOf/oneOf/allOf and additionalProperties).
 */

export interface JsonSchema {
  type?: string | string[]
  description?: string
  example?: unknown
  examples?: unknown[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  nullable?: boolean
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number | boolean
  exclusiveMaximum?: number | boolean
  minItems?: number
  maxItems?: number
}

export interface Parameter {
  name: string
  in: string
  description?: string
  example?: unknown
  schema?: JsonSchema
}

export interface MediaType {
  schema?: JsonSchema
  example?: unknown
  examples?: Record<string, { value?: unknown }>
}

export interface Operation {
  summary?: string
  description?: string
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, MediaType> }
  responses?: Record<string, { content?: Record<string, MediaType> }>
  /** Requests the API makes to the caller (webhooks): name → URL expression → method → operation. */
  callbacks?: Record<string, Record<string, Record<string, Operation>>>
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
  components?: Record<string, unknown>
}

/** Where a slot is: `POST /api/v1/orders`, and the resource its names are read in (`orders`). */
export interface OperationRef {
  key: string
  path: string
  scope: string
  operation: Operation
}

export interface PropertyRef {
  op: OperationRef
  /** `request`, `response 200`, or `query`, `path`… for parameters. */
  part: string
  /** Dotted place of the property, `result.items[].code`. */
  at: string
  name: string
  schema: JsonSchema
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])

/**
 * The resource a path belongs to, used to read a field name in its context: `/api/v1/admin/voices/{code}` → `voices`,
 * `/v1/tts/requests/{requestId}` → `tts`, `/api/v1/dubbing/projects` → `dubbing`.
 */
export const scopeOf = (path: string): string => {
  const rest = path
    .replace(/^\/api\/v1\//, '')
    .replace(/^\/v1\//, '')
    .replace(/^admin\//, '')
  return rest.split('/')[0] ?? ''
}

export const operationsOf = (doc: OpenApiDocument): OperationRef[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        scope: scopeOf(path),
        operation,
      })),
  )

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json')

/** Every JSON request body and JSON 2xx answer of an operation, and the JSON bodies of its callbacks. */
export const mediaOf = (op: OperationRef): { part: string; media: MediaType }[] => {
  const out: { part: string; media: MediaType }[] = []
  for (const [type, media] of Object.entries(op.operation.requestBody?.content ?? {}))
    if (isJson(type) && media.schema) out.push({ part: 'request', media })
  for (const [name, expressions] of Object.entries(op.operation.callbacks ?? {}))
    for (const item of Object.values(expressions))
      for (const [method, callback] of Object.entries(item))
        for (const [type, media] of Object.entries(callback.requestBody?.content ?? {}))
          if (isJson(type) && media.schema)
            out.push({ part: `callback ${name} ${method.toUpperCase()}`, media })
  for (const [status, response] of Object.entries(op.operation.responses ?? {}))
    if (/^2/.test(status))
      for (const [type, media] of Object.entries(response.content ?? {}))
        if (isJson(type) && media.schema) out.push({ part: `response ${status}`, media })
  return out
}

/** Calls `visit` for every named property under `schema`, parents before children. */
export const eachProperty = (
  schema: JsonSchema,
  visit: (name: string, property: JsonSchema, at: string, parent?: string) => void,
  at = '',
  parent?: string,
): void => {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const here = at ? `${at}.${name}` : name
    visit(name, property, here, parent)
    eachProperty(property, visit, here, name)
  }
  if (schema.items) eachProperty(schema.items, visit, `${at}[]`, parent)
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    eachProperty(schema.additionalProperties, visit, `${at}{}`, parent)
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf])
    for (const variant of list ?? []) eachProperty(variant, visit, at, parent)
}

/** Every property of every JSON body and 2xx answer, and every parameter (as a property named after it). */
export const propertiesOf = (op: OperationRef): PropertyRef[] => {
  const out: PropertyRef[] = []
  for (const { part, media } of mediaOf(op))
    eachProperty(media.schema as JsonSchema, (name, schema, at) => out.push({ op, part, at, name, schema }))
  return out
}
