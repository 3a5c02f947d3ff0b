import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'
import { HAND_EXAMPLES } from './examples/index.ts'
import { GLOSSARY_PARTS } from './glossary/index.ts'
import { documentOpenApi } from './index.ts'
import { mediaOf, operationsOf, propertiesOf, type JsonSchema, type OpenApiDocument } from './walk.ts'

/**
 * The whole OpenAPI document, as GET /api/v1/admin/openapi.json serves it to operators: a route that lands without a summary, a field
 * without a description or a JSON body/answer without an example fails here by name; every example must validate
 * against its own schema.
 */
let api: TestApi
let doc: OpenApiDocument
beforeAll(async () => {
  api = await startTestApi()
  doc = (
    await api.call({
      method: 'GET',
      url: '/api/v1/admin/openapi.json',
      token: await api.token('operator', { roles: ['admin'] }),
    })
  ).json()
})
afterAll(() => api.close())

const ajv = new Ajv({ strict: false, allErrors: true })
;(addFormats as unknown as (instance: Ajv) => void)(ajv)

/** OpenAPI 3.0's `nullable: true` as JSON Schema: the schema or null. */
const toJsonSchema = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toJsonSchema)
  if (!value || typeof value !== 'object') return value
  const { nullable, ...rest } = value as Record<string, unknown>
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, item]) => [
      key,
      // `properties` holds names, not schemas to convert by keyword; `example`s are data.
      key === 'example' || key === 'default' || key === 'enum'
        ? item
        : key === 'properties'
          ? Object.fromEntries(Object.entries(item as object).map(([name, sub]) => [name, toJsonSchema(sub)]))
          : toJsonSchema(item),
    ]),
  )
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted
}

const problems = (schema: JsonSchema, value: unknown): string[] => {
  const validate = ajv.compile(toJsonSchema(schema) as object)
  if (validate(value)) return []
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
}

const undocumentedOperations = (doc: OpenApiDocument) =>
  operationsOf(doc)
    .filter((op) => !op.operation.summary?.trim())
    .map((op) => op.key)

const undescribedParameters = (doc: OpenApiDocument) =>
  operationsOf(doc).flatMap((op) =>
    (op.operation.parameters ?? [])
      .filter((parameter) => !parameter.description?.trim())
      .map((parameter) => `${op.key} ${parameter.in} ${parameter.name}`),
  )

const undescribedProperties = (doc: OpenApiDocument) =>
  operationsOf(doc).flatMap((op) =>
    propertiesOf(op)
      .filter((property) => !property.schema.description?.trim())
      .map((property) => `${op.key} ${property.part} ${property.at}`),
  )

const withoutExample = (doc: OpenApiDocument) =>
  operationsOf(doc).flatMap((op) =>
    mediaOf(op)
      .filter(({ media }) => media.example === undefined && !Object.keys(media.examples ?? {}).length)
      .map(({ part }) => `${op.key} ${part}`),
  )

const invalidExamples = (doc: OpenApiDocument) =>
  operationsOf(doc).flatMap((op) =>
    mediaOf(op).flatMap(({ part, media }) => {
      const examples = [
        ...(media.example === undefined ? [] : [media.example]),
        ...Object.values(media.examples ?? {}).map((example) => example.value),
      ]
      return examples.flatMap((example) =>
        problems(media.schema as JsonSchema, example).map((problem) => `${op.key} ${part}: ${problem}`),
      )
    }),
  )

describe('OpenAPI document: everything documented', () => {
  it('has a summary on every operation', () => {
    expect(undocumentedOperations(doc)).toEqual([])
  })

  it('describes every parameter', () => {
    expect(undescribedParameters(doc)).toEqual([])
  })

  it('describes every property of every JSON body and 2xx answer', () => {
    expect(undescribedProperties(doc)).toEqual([])
  })

  it('gives every JSON request body and 2xx JSON answer an example', () => {
    expect(withoutExample(doc)).toEqual([])
  })
})

describe('OpenAPI document: examples are true to their schemas', () => {
  it('every body and answer example validates against its schema', () => {
    expect(invalidExamples(doc)).toEqual([])
  })

  it('every parameter example validates against its schema', () => {
    const invalid = operationsOf(doc).flatMap((op) =>
      (op.operation.parameters ?? [])
        .filter((parameter) => parameter.example !== undefined)
        .flatMap((parameter) =>
          problems(parameter.schema ?? {}, parameter.example).map(
            (problem) => `${op.key} ${parameter.in} ${parameter.name}: ${problem}`,
          ),
        ),
    )
    expect(invalid).toEqual([])
  })
})

/** Same JSON (the document comes parsed from another realm, so prototypes differ). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

describe('OpenAPI document: hand-written examples', () => {
  it('each names a real operation and is what the document shows', () => {
    const operations = new Map(operationsOf(doc).map((op) => [op.key, op]))
    const shown = Object.entries(HAND_EXAMPLES).flatMap(([key, hand]) => {
      const op = operations.get(key)
      if (!op) return [`${key}: no such operation`]
      const media = mediaOf(op)
      const request = media.find((m) => m.part === 'request')?.media.example
      const response = media.find((m) => m.part.startsWith('response 2'))?.media.example as
        { result?: unknown } | undefined
      return [
        ...(hand.request !== undefined && !same(request, hand.request)
          ? [`${key}: request example not shown`]
          : []),
        ...(hand.response !== undefined &&
        !same(response?.result, hand.response) &&
        !same(response, hand.response)
          ? [`${key}: response example not shown`]
          : []),
      ]
    })
    expect(shown).toEqual([])
  })
})

describe('OpenAPI document: who authenticates how', () => {
  it('the developer API (tts, v1, developer dubbing) takes the opaque app token; nothing else does', () => {
    const byScheme = (scheme: string) =>
      operationsOf(doc)
        .filter((op) =>
          ((op.operation as { security?: Record<string, unknown>[] }).security ?? []).some(
            (s) => scheme in s,
          ),
        )
        .map((op) => op.key)
        .sort()
    expect(byScheme('appToken')).toEqual([
      'DELETE /api/v1/call-prompts/{id}',
      'GET /api/v1/call-prompts',
      'GET /api/v1/call-prompts/{id}',
      'GET /api/v1/dubbing/{render_id}',
      'GET /api/v1/tts/{request_id}',
      'GET /api/v1/tts/{request_id}/callback-result',
      'GET /v1/tts/requests',
      'GET /v1/tts/requests/{requestId}',
      'POST /api/v1/call-prompts',
      'POST /api/v1/call-prompts/check',
      'POST /api/v1/call-prompts/preview',
      'POST /api/v1/dubbing',
      'POST /api/v1/tts',
      'POST /api/v1/tts/stream',
      'POST /v1/audio/speech',
      'POST /v1/tts',
      'POST /v1/tts/stream-tickets',
    ])
    // Call prompts alone serve the studio (session) and the developer API (app token) on the same paths.
    expect(
      byScheme('bearer').filter(
        (key) => byScheme('appToken').includes(key) && !key.includes('/call-prompts'),
      ),
    ).toEqual([])
  })
})

describe('OpenAPI glossary', () => {
  it('defines each key once (a later part would silently replace an earlier meaning)', () => {
    const seen = new Map<string, string>()
    const twice = Object.entries(GLOSSARY_PARTS).flatMap(([part, entries]) =>
      Object.keys(entries).flatMap((key) => {
        const first = seen.get(key)
        seen.set(key, part)
        return first ? [`${key}: ${first} and ${part}`] : []
      }),
    )
    expect(twice).toEqual([])
  })
})

describe('OpenAPI checks: they catch what they are for', () => {
  /** A route as a new engineer might add it: no summary, a field the glossary does not know, a wrong example. */
  const fresh = (): OpenApiDocument => ({
    paths: {
      '/api/v1/widgets': {
        post: {
          parameters: [{ name: 'zz_flavour', in: 'query', schema: { type: 'string' } }],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { zz_colour: { type: 'string' }, voice_code: { type: 'string' } },
                },
              },
            },
          },
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      status: { type: 'number', enum: [1] },
                      result: {
                        type: 'object',
                        properties: { n: { type: 'integer', description: 'A count' } },
                      },
                    },
                  },
                  example: { status: 1, result: { n: 'three' } },
                },
              },
            },
          },
        },
      },
    },
  })

  it('names the operation, parameter and field left undocumented, and the example that lies', () => {
    const widgets = documentOpenApi({ openapiObject: fresh() })
    expect(undocumentedOperations(widgets)).toEqual(['POST /api/v1/widgets'])
    expect(undescribedParameters(widgets)).toEqual(['POST /api/v1/widgets query zz_flavour'])
    expect(undescribedProperties(widgets)).toEqual(['POST /api/v1/widgets request zz_colour'])
    expect(invalidExamples(widgets)).toEqual(['POST /api/v1/widgets response 200: /result/n must be integer'])
  })

  it('fills a known field from the glossary and builds the missing example from it', () => {
    const widgets = documentOpenApi({ openapiObject: fresh() })
    const request = widgets.paths['/api/v1/widgets']!.post!.requestBody!.content!['application/json']!
    expect(request.schema?.properties?.voice_code?.description).toMatch(/voice/)
    expect(request.example).toMatchObject({ voice_code: 'hn_female_thuha_news' })
    expect(withoutExample(widgets)).toEqual([])
  })

  it('reads `total` beside a list of `items` as the count, whatever `total` means in the resource', () => {
    const page = documentOpenApi({
      openapiObject: {
        paths: {
          '/api/v1/orders': {
            get: {
              responses: {
                '200': {
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: {
                          total: { type: 'number' },
                          items: {
                            type: 'array',
                            items: { type: 'object', properties: { total: { type: 'number' } } },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      } as OpenApiDocument,
    })
    const schema = page.paths['/api/v1/orders']!.get!.responses!['200']!.content!['application/json']!.schema!
    expect(schema.properties?.total?.description).toMatch(/match in all/)
    expect(schema.properties?.items?.items?.properties?.total?.description).toMatch(/buyer pays/)
  })
})
