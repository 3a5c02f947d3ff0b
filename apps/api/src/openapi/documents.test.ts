import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'
import {
  isAdminOperation,
  OPERATOR_OPENAPI_PATH,
  PRODUCT_TAGS,
  PUBLIC_OPENAPI_PATH,
  publicDocument,
} from './documents.ts'
import { operationsOf, type OpenApiDocument } from './walk.ts'

/** The developer document and the operator document, as the API serves them. */
let api: TestApi
let full: OpenApiDocument
let pub: OpenApiDocument
beforeAll(async () => {
  api = await startTestApi({ env: { WEB_PUBLIC_URL: 'https://loa.example.vn' } })
  const operator = await api.call({
    method: 'GET',
    url: OPERATOR_OPENAPI_PATH,
    token: await api.token('operator', { roles: ['admin'] }),
  })
  expect(operator.statusCode).toBe(200)
  full = operator.json()
  pub = (await api.call({ method: 'GET', url: PUBLIC_OPENAPI_PATH })).json()
}, 120_000)
afterAll(() => api.close())

const keys = (doc: OpenApiDocument) => operationsOf(doc).map((op) => op.key)
const PRODUCTS: string[] = PRODUCT_TAGS.map((tag) => tag.name)

describe('the public developer document', () => {
  it('holds no back-office operation', () => {
    const admin = operationsOf(full).filter((op) => isAdminOperation(op.path, op.operation))
    // The back office is really there to be left out (a guard that cannot pass on an empty list).
    expect(admin.length).toBeGreaterThan(40)
    expect(keys(pub).filter((key) => admin.some((op) => op.key === key))).toEqual([])
    expect(keys(pub).filter((key) => /admin/i.test(key))).toEqual([])
    expect(JSON.stringify(pub.paths)).not.toMatch(/"admin"/)
  })

  it('files every operation under one product, products in the site’s order', () => {
    const tags = operationsOf(pub).map((op) => (op.operation as { tags?: string[] }).tags)
    expect(tags.filter((t) => t?.length !== 1 || !PRODUCTS.includes(t[0]!))).toEqual([])
    const listed = ((pub as { tags?: { name: string }[] }).tags ?? []).map((tag) => tag.name)
    expect(listed).toEqual(PRODUCTS.filter((name) => listed.includes(name)))
    expect(listed).toEqual(
      expect.arrayContaining(['Text to speech', 'OpenAI-compatible', 'Streaming', 'Dubbing']),
    )
  })

  it('is the developer API: its calls are there, the web app’s own are not', () => {
    expect(keys(pub)).toEqual(
      expect.arrayContaining([
        'POST /v1/tts',
        'GET /v1/tts/requests/{requestId}',
        'GET /v1/voices',
        'POST /api/v1/tts',
        'POST /api/v1/tts/stream',
        'POST /v1/tts/stream-tickets',
        'POST /v1/audio/speech',
        'GET /v1/models',
        'POST /api/v1/dubbing',
        'GET /api/v1/dubbing/{render_id}',
        'GET /api/v1/tts/{request_id}/callback-result',
        'GET /api/v1/api-apps/{id}/usage',
      ]),
    )
    for (const internal of [
      'GET /api/v1/me',
      'POST /api/v1/orders',
      'GET /metrics',
      'POST /api/v1/synthesis',
    ])
      expect(keys(pub)).not.toContain(internal)
    expect(pub.paths['/v1/tts']!.post).toMatchObject({ security: [{ appToken: [] }] })
    expect((pub as { info?: { title?: string } }).info?.title).toBe('Loa developer API')
  })

  it('is a part of the operator document, which holds every operation', () => {
    expect(keys(pub).filter((key) => !keys(full).includes(key))).toEqual([])
    expect(keys(full).length).toBeGreaterThan(keys(pub).length + 100)
  })
})

describe('who may read which document', () => {
  it('the operator document takes the admin role', async () => {
    expect((await api.call({ method: 'GET', url: OPERATOR_OPENAPI_PATH })).statusCode).toBe(401)
    const user = await api.call({ method: 'GET', url: OPERATOR_OPENAPI_PATH, token: await api.token('dev') })
    expect(user.statusCode).toBe(403)
    expect(user.json()).toMatchObject({ status: 0, error_code: 'FORBIDDEN' })
  })

  it('the old Swagger UI address leads to the site’s reference', async () => {
    for (const url of ['/api/v1/docs', '/api/v1/docs/']) {
      const res = await api.call({ method: 'GET', url })
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('https://loa.example.vn/docs')
    }
    expect((await api.call({ method: 'GET', url: '/api/v1/docs/json' })).statusCode).toBe(404)
  })
})

describe('the cut itself', () => {
  const op = (tags: string[]) => ({ summary: 'x', tags })
  const doc: OpenApiDocument = {
    paths: {
      '/v1/tts/admin-replay': { post: op(['admin']) },
      '/api/v1/tts': { post: op(['tts']), delete: op(['admin']) },
      '/api/v1/widgets': { get: op(['widgets']) },
      '/api/v1/admin/dubbing': { get: op(['dubbing']) },
    },
  }

  it('leaves out an admin operation on a product path, and a route no product claims', () => {
    expect(keys(publicDocument(doc))).toEqual(['POST /api/v1/tts'])
    expect(publicDocument(doc).paths['/api/v1/tts']!.post).toMatchObject({ tags: ['Text to speech'] })
    // The source document is not changed by the cut.
    expect(doc.paths['/api/v1/tts']!.post).toMatchObject({ tags: ['tts'] })
  })
})
