import { describe, expect, it } from 'vitest'
import { isDeveloperOperation, openApiToTs } from './openapi-to-ts.ts'
import { toTs } from './schema-to-ts.ts'

describe('toTs', () => {
  it('writes objects (required, optional, described), arrays, enums, nullables, unions and records', () => {
    const type = toTs({
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', description: 'The id' },
        'sample-rate': { type: 'integer', nullable: true },
        kind: { type: 'string', enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string' } },
        voice: { anyOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'string' } } }] },
        links: { type: 'object', additionalProperties: { type: 'string' } },
        ok: { const: 1 },
      },
      additionalProperties: false,
    })
    expect(type).toBe(
      [
        '{',
        '  /** The id */',
        '  id: string',
        '  "sample-rate"?: number | null',
        '  kind?: "a" | "b"',
        '  tags?: string[]',
        '  voice?: string | {',
        '    id?: string',
        '  }',
        '  links?: {',
        '    [key: string]: string',
        '  }',
        '  ok?: 1',
        '}',
      ].join('\n'),
    )
  })
})

describe('openApiToTs', () => {
  it('keeps the developer operations (app token, or open under /v1/) and types their parts', () => {
    const doc = {
      paths: {
        '/v1/tts/requests/{requestId}': {
          get: {
            security: [{ appToken: [] }],
            parameters: [
              { name: 'requestId', in: 'path' as const, required: true, schema: { type: 'string' } },
            ],
            responses: {
              '200': { content: { 'application/json': { schema: { type: 'object', properties: {} } } } },
            },
          },
        },
        '/api/v1/admin/users': { get: { security: [{ bearer: [] }], responses: {} } },
        '/v1/voices': { get: { responses: {} } },
      },
    }
    const source = openApiToTs(doc)
    expect(source).toContain(
      "'GET /v1/tts/requests/{requestId}': {\n    params: {\n      requestId: string\n    }",
    )
    expect(source).toContain("'GET /v1/voices': {\n    response: null")
    expect(source).not.toContain('admin')
    expect(isDeveloperOperation('/api/v1/me', { security: [{ bearer: [] }] })).toBe(false)
  })
})
