import { buildExample, fits } from './example.ts'
import { GLOSSARY, lookupField } from './glossary/index.ts'
import { HAND_EXAMPLES } from './examples/index.ts'
import {
  eachProperty,
  mediaOf,
  operationsOf,
  type JsonSchema,
  type MediaType,
  type OpenApiDocument,
  type OperationRef,
} from './walk.ts'

/** Operations declared outside the api's route files (service-kit's health checks, the signed file links). */
const SUMMARIES: Record<string, string> = {
  'GET /healthz': 'Liveness: the process answers ({"status":"ok","service":"api"})',
  'GET /readyz':
    'Readiness: the database, file storage, job queue and Redis (when configured) each answer within 1 s; 503 ' +
    'with the failing checks otherwise',
  'GET /metrics':
    'Prometheus metrics in the text format (HTTP latency by route, queue depth, jobs, ledger entries); keep it internal',
  'GET /api/v1/files/{*}':
    'A stored file through a signed, expiring link (the links other answers give); FILE_URL_INVALID or ' +
    'FILE_URL_EXPIRED when the link is wrong or old, 410 TTS_AUDIO_EXPIRED after the API audio retention',
  'PUT /api/v1/files/{*}':
    'Upload a file to a signed, expiring upload URL (support attachments, dubbing subtitles and media), ' +
    'within the size and content type signed into it',
}

/**
 * A querystring declared as a record of free keys (the payment gateways' signed parameters) comes out of
 * @fastify/swagger as two bogus parameters named after its JSON Schema keywords (`type`, `additionalProperties`):
 * they are dropped and the operation says what it takes.
 */
const dropRecordQueryArtefacts = (op: OperationRef) => {
  const parameters = op.operation.parameters ?? []
  const kept = parameters.filter(
    (p) => typeof p.schema === 'object' && !(p.in === 'query' && p.name === 'additionalProperties'),
  )
  if (kept.length === parameters.length) return
  op.operation.parameters = kept
  const note =
    'Query: any parameters, read as sent (the gateway’s own, e.g. `vnp_*`, checked by their signature).'
  op.operation.description = op.operation.description ? `${op.operation.description} ${note}` : note
}

const isEnvelope = (schema: JsonSchema) =>
  Boolean(schema.properties?.status && schema.properties.result && schema.properties.status.enum?.includes(1))

/** The `{status: 1, result}` envelope of the product API's answers. */
const describeEnvelope = (schema: JsonSchema) => {
  if (!isEnvelope(schema)) return
  const { status, result } = schema.properties as Record<string, JsonSchema>
  status!.description ??=
    '`1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`)'
  result!.description ??= 'What the call answers'
}

/** A page (`{total, items: […]}`): `total` counts the matches, whatever `total` means elsewhere in the resource. */
const describePage = (schema: JsonSchema) => {
  const { total, items } = schema.properties ?? {}
  if (!total || !items || items.type !== 'array') return
  total.description ??= GLOSSARY.total?.description
  items.description ??= GLOSSARY.items?.description
}

const describe = (op: OperationRef, name: string, target: { description?: string }, parent?: string) => {
  if (target.description) return
  const entry = lookupField(op.scope, name, parent)
  if (entry) target.description = entry.description
}

const exampleOf = (op: OperationRef, part: string, media: MediaType): unknown => {
  const schema = media.schema as JsonSchema
  const hand = HAND_EXAMPLES[op.key]
  if (part === 'request' && hand?.request !== undefined) return hand.request
  if (part.startsWith('response') && hand?.response !== undefined) {
    if (!isEnvelope(schema)) return hand.response
    return { ...(buildExample(schema, op.scope, lookupField) as object), result: hand.response }
  }
  return buildExample(schema, op.scope, lookupField)
}

/**
 * The document transform (`transformObject` of @fastify/swagger): fills what the routes' zod schemas leave out.
 * Descriptions of parameters and properties come from the glossary (by field name, read in the path's resource) only
 * where the schema has none of its own; every JSON body and 2xx answer without an example gets one — hand-written
 * for the main customer operations (examples/), else built from the schema's own examples and the glossary's values.
 */
export const documentOpenApi = <T>({ openapiObject }: { openapiObject: T }): T => {
  const doc = openapiObject as unknown as OpenApiDocument
  for (const op of operationsOf(doc)) {
    if (!op.operation.summary && SUMMARIES[op.key]) op.operation.summary = SUMMARIES[op.key]
    dropRecordQueryArtefacts(op)
    for (const parameter of op.operation.parameters ?? []) {
      describe(op, parameter.name, parameter)
      const entry = lookupField(op.scope, parameter.name)
      if (
        parameter.example === undefined &&
        entry?.example !== undefined &&
        fits(entry.example, parameter.schema ?? {})
      )
        parameter.example = entry.example
    }
    for (const { part, media } of mediaOf(op)) {
      const schema = media.schema as JsonSchema
      describeEnvelope(schema)
      describePage(schema)
      eachProperty(schema, (name, property, _at, parent) => {
        describePage(property)
        describe(op, name, property, parent)
      })
      const hasOwn = media.example !== undefined || (media.examples && Object.keys(media.examples).length > 0)
      if (!hasOwn) media.example = exampleOf(op, part, media)
    }
  }
  return openapiObject
}
