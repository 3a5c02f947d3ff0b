/**
 * Cross-user access, for every operation with an id in its path, from the OpenAPI document: user A creates one
 * of each object through the API, user B (and B's API app) tries every such operation on A's ids and must get
 * the table's answer (cross-user.table.ts); afterwards A's objects read exactly as before and none of B's lists
 * shows them. An operation with a path id and no entry in the table fails the first test.
 */
import { dubbingJobs } from '@loa/dubbing/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createOwnedObjects,
  LISTS,
  ownerReads,
  signUp,
  waitAllFinal,
  type Owner,
} from './cross-user.fixtures.ts'
import { protectionOf, type Protection } from './cross-user.table.ts'
import { startSynthesisTestApi, type SynthesisTestApi } from './synthesis/test-setup.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
interface Operation {
  key: string
  method: Method
  path: string
  body?: Record<string, unknown>
}

let api: SynthesisTestApi
let owner: Owner
let intruder: Awaited<ReturnType<typeof signUp>>
let operations: Operation[]

/** A request body built from the operation's documented examples, so validation never answers first. */
const exampleBody = (schema: Record<string, unknown> | undefined): Record<string, unknown> | undefined => {
  if (!schema || schema.type !== 'object') return schema ? {} : undefined
  if (schema.example && typeof schema.example === 'object') return schema.example as Record<string, unknown>
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
  const body: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(properties)) {
    const examples = property.examples as unknown[] | undefined
    const value = property.example ?? examples?.[0] ?? property.default
    if (value !== undefined) body[name] = value
  }
  return body
}

/** Valid bodies where the document's examples do not make one (a 400 would answer before the owner check). */
const BODIES: Record<string, Record<string, unknown>> = {
  'PUT /api/v1/orders/{code}/invoice': {
    company_name: 'Công ty B',
    tax_code: '0101234567',
    address: '1 Tràng Tiền, Hà Nội',
    email: 'ketoan@example.vn',
  },
  'PUT /api/v1/dubbing/projects/{id}/media': { key: 'uploads/intruder-b/film.mp4' },
  'POST /api/v1/dubbing/projects/{id}/lines': { text: 'Câu của B.', start_ms: 10_000, end_ms: 11_000 },
  'PUT /api/v1/dubbing/projects/{id}/speakers/{name}': { voice_code: 'hn_female_thuha_news', speed: 1 },
  'PUT /api/v1/pronunciation-dictionary/{id}': { word: 'WHO', reading: 'vê kép hát ô' },
  'PUT /api/v1/studio-projects/{id}': {
    revision: 1,
    title: 'Của B',
    paragraphs: [{ text: 'B viết đè.', voice_code: 'hn_female_thuha_news', speed: 1 }],
  },
  'PATCH /api/v1/studio-projects/{id}': { title: 'B đổi tên' },
}

/** The operations of an OpenAPI document with a parameter in their path. */
export const pathIdOperations = (doc: { paths: Record<string, Record<string, unknown>> }): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    path.includes('{')
      ? Object.entries(item)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => {
            const content = (op as { requestBody?: { content?: Record<string, { schema?: object }> } })
              .requestBody?.content
            const schema = content?.['application/json']?.schema as Record<string, unknown> | undefined
            const key = `${method.toUpperCase()} ${path}`
            const body = BODIES[key] ?? exampleBody(schema)
            return {
              key,
              method: method.toUpperCase() as Method,
              path,
              ...(body ? { body } : {}),
            }
          })
      : [],
  )

/** Operations the table does not cover (the test fails on any). */
export const unlisted = (ops: Operation[]) => ops.filter((op) => !protectionOf(op.key)).map((op) => op.key)

const fill = (path: string, ids: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = ids[name]
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`)
    return encodeURIComponent(value)
  })

const attempt = (op: Operation, protection: Protection) => {
  const headers: Record<string, string> = {}
  let url: string
  if (protection.kind === 'user' || protection.kind === 'app') {
    url = fill(op.path, owner.ids[protection.resource])
    if (protection.kind === 'app') {
      headers.authorization = `Bearer ${intruder.appToken}`
      headers['app-id'] = intruder.appId
    }
  } else url = op.path.replace(/\{[^}]+\}/g, 'some-id')
  return api.call({
    method: op.method,
    url,
    headers,
    ...(protection.kind === 'app' ? {} : { token: intruder.token }),
    ...(op.body ? { payload: op.body } : {}),
  })
}

const snapshot = async () => {
  const reads: Record<string, unknown> = {}
  for (const url of ownerReads(owner)) {
    const res = await api.call({ method: 'GET', url, token: owner.token })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    // Signed links and their expiry are minted per read: compare everything else.
    reads[url] = JSON.parse(
      res.body.replace(/"https?:\/\/[^"]*(signature|expires|sig)=[^"]*"/gi, '"<link>"'),
      (key, value: unknown) => (/expires?_at$/.test(key) ? '<expiry>' : value),
    )
  }
  return reads
}

beforeAll(async () => {
  api = await startSynthesisTestApi()
  api.queue.register(dubbingJobs({ database: api.database, storage: api.storage, queue: api.queue }))
  owner = await createOwnedObjects(api, 'owner-a')
  await waitAllFinal(api, owner)
  intruder = await signUp(api, 'intruder-b')
  operations = pathIdOperations(
    (
      await api.call({
        method: 'GET',
        url: '/api/v1/admin/openapi.json',
        token: await api.token('operator', { roles: ['admin'] }),
      })
    ).json(),
  )
}, 180_000)
afterAll(() => api?.close())

describe('cross-user access, every operation with a path id (from the OpenAPI document)', () => {
  it('has a protection for every such operation — a new route with an id must be added to the table', () => {
    expect(operations.length).toBeGreaterThan(60)
    expect(unlisted(operations)).toEqual([])
    // The guard itself: an operation nobody listed is reported.
    const extra = pathIdOperations({ paths: { '/api/v1/widgets/{id}': { get: {} } } })
    expect(unlisted(extra)).toEqual(['GET /api/v1/widgets/{id}'])
  })

  it("answers B's every attempt on A's objects with the table's code, changing and leaking nothing", async () => {
    const before = await snapshot()
    const wrong: string[] = []
    for (const op of operations) {
      const protection = protectionOf(op.key)!
      if (protection.kind === 'public') continue
      const res = await attempt(op, protection)
      const body = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {}
      const code = body.error_code ?? (body.error as { code?: string } | undefined)?.code
      if (protection.kind === 'user' || protection.kind === 'app') {
        const status = protection.status ?? 404
        if (res.statusCode !== status || code !== protection.code)
          wrong.push(`${op.key}: ${res.statusCode} ${String(code)} (want ${status} ${protection.code})`)
      } else if (protection.kind === 'operator') {
        if (res.statusCode !== 403) wrong.push(`${op.key}: ${res.statusCode} (want 403 for a non-operator)`)
      } else if (res.statusCode !== 403 && res.statusCode !== 404) {
        wrong.push(`${op.key}: ${res.statusCode} (want 403/404 without a signature)`)
      }
    }
    expect(wrong).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  it("never shows A's objects in B's lists", async () => {
    // Identifiers only: a part's position (`n`, e.g. "0") is a path parameter but no secret of A's, and any list holds it.
    const mine = Object.values(owner.ids).flatMap((ids) =>
      Object.entries(ids)
        .filter(([param]) => param !== 'n')
        .map(([, value]) => value),
    )
    for (const url of LISTS) {
      const res = await api.call({ method: 'GET', url, token: intruder.token })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
      for (const id of mine) expect(res.body.includes(id), `${url} shows ${id}`).toBe(false)
    }
  })
})
