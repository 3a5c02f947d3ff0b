import { toTs, type Schema } from './schema-to-ts.ts'

/** The parts of an OpenAPI 3.0 document the generator reads. */
export interface OpenApiDocument {
  info?: { title?: string; version?: string }
  paths: Record<string, Record<string, unknown>>
  components?: { schemas?: Record<string, Schema> }
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  description?: string
  schema?: Schema
}
interface Operation {
  summary?: string
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
  security?: Record<string, unknown>[]
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/**
 * The operations the SDK covers: every operation an API app token may call (`security: appToken`) and the
 * unauthenticated developer catalogue under `/v1/` (voices, models). Whatever else a document holds (the web's
 * signed-in calls, the back office) is left out. Replace the document this is given (the public one), not this
 * rule, when the public/operator split moves.
 */
export const isDeveloperOperation = (path: string, operation: Operation): boolean =>
  (operation.security ?? []).some((s) => 'appToken' in s) ||
  (path.startsWith('/v1/') && (operation.security ?? []).length === 0)

const paramsType = (parameters: Parameter[], where: Parameter['in'], indent: string) => {
  const own = parameters.filter((p) => p.in === where)
  if (own.length === 0) return undefined
  return toTs(
    {
      type: 'object',
      properties: Object.fromEntries(
        own.map((p) => [p.name, { ...p.schema, description: p.description ?? p.schema?.description }]),
      ),
      required: own.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    },
    indent,
  )
}

const jsonOf = (content: Record<string, { schema?: Schema }> | undefined) =>
  content?.['application/json']?.schema

/** The 2xx answers: their JSON schemas (a union), or `null` when the success is not JSON (audio). */
const responseType = (operation: Operation, indent: string) => {
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status))
  const json = success.map(([, r]) => jsonOf(r.content)).filter((s): s is Schema => s !== undefined)
  if (json.length === 0) return 'null'
  return [...new Set(json.map((s) => toTs(s, indent)))].join(' | ')
}

/** TypeScript source declaring `Operations` (one entry per `METHOD /path`) for the developer operations of `doc`. */
export const openApiToTs = (doc: OpenApiDocument): string => {
  const entries: string[] = []
  const indent = '    '
  for (const path of Object.keys(doc.paths).sort()) {
    for (const method of METHODS) {
      const operation = doc.paths[path]![method] as Operation | undefined
      if (!operation || !isDeveloperOperation(path, operation)) continue
      const parameters = operation.parameters ?? []
      const parts: [string, string | undefined][] = [
        ['params', paramsType(parameters, 'path', indent)],
        ['query', paramsType(parameters, 'query', indent)],
        [
          'body',
          jsonOf(operation.requestBody?.content) && toTs(jsonOf(operation.requestBody?.content), indent),
        ],
        ['response', responseType(operation, indent)],
      ]
      const summary = operation.summary ? `  /** ${operation.summary.replace(/\*\//g, '*\\/')} */\n` : ''
      const body = parts
        .filter((p): p is [string, string] => p[1] !== undefined)
        .map(([name, type]) => `${indent}${name}: ${type}`)
        .join('\n')
      entries.push(`${summary}  '${method.toUpperCase()} ${path}': {\n${body}\n  }`)
    }
  }
  const named = Object.entries(doc.components?.schemas ?? {}).map(
    ([name, schema]) => `export type ${name.replace(/[^A-Za-z0-9_$]/g, '_')} = ${toTs(schema)}\n`,
  )
  return [
    '// Generated from the Loa public OpenAPI document by `npm run sdk:types`; do not edit by hand.',
    `// Source: ${doc.info?.title ?? 'Loa API'} ${doc.info?.version ?? ''}`.trimEnd(),
    '',
    ...named,
    '/** Every developer operation: its path parameters, query, JSON body and JSON answer. */',
    'export interface Operations {',
    entries.join('\n'),
    '}',
    '',
    'export type OperationKey = keyof Operations',
    '',
  ].join('\n')
}
