import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createBaseApp } from './fastify.ts'
import { jsonDepthExceeds, textProblem } from './input-boundary.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = createBaseApp({ service: 'test', logger: false })
  app.post('/echo', async (request) => ({ body: request.body }))
  app.get('/q', async (request) => ({ query: request.query }))
  await app.ready()
})
afterAll(() => app.close())

const post = (payload: string) =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload })

describe('input boundary', () => {
  it('refuses an unpaired surrogate anywhere in a body with a coded 400', async () => {
    for (const payload of [
      '{"text":"\\ud800 lẻ"}',
      '{"a":[{"b":"ok \\udfff"}]}',
      '{"\\udc00":1}',
      '["x\\ud83d"]',
    ]) {
      const res = await post(payload)
      expect(res.statusCode, payload).toBe(400)
      expect(res.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    }
  })

  it('accepts paired surrogates (emoji) and ordinary Vietnamese text', async () => {
    const res = await post('{"text":"Xin chào \\ud83d\\ude00 😀"}')
    expect(res.statusCode).toBe(200)
    expect(res.json().body.text).toBe('Xin chào 😀 😀')
  })

  it('refuses NUL in the body and the query', async () => {
    expect((await post('{"t":"a\\u0000b"}')).json().error_code).toBe('VALIDATION_FAILED')
    const res = await app.inject({ method: 'GET', url: '/q?x=a%00b' })
    expect(res.statusCode).toBe(400)
  })

  it('refuses a deeply nested body before parsing it', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000)
    const res = await post(deep)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    expect((await post('{"a":' + '['.repeat(20) + ']'.repeat(20) + '}')).statusCode).toBe(200)
  })

  it('keeps malformed, empty and prototype-poisoning bodies in the error envelope', async () => {
    expect((await post('{"a":')).json()).toMatchObject({ status: 0, error_code: 'MALFORMED_JSON' })
    expect((await post('')).json()).toMatchObject({ status: 0, error_code: 'MALFORMED_JSON' })
    for (const bare of ['null', '1', '"x"', 'true'])
      expect((await post(bare)).json(), bare).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    const poisoned = await post('{"__proto__":{"admin":true}}')
    expect(poisoned.statusCode).toBe(400)
    expect(poisoned.json().status).toBe(0)
  })

  it('sends nosniff on every answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('counts depth outside strings only', () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[["}', 2)).toBe(false)
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 2)).toBe(false)
    expect(jsonDepthExceeds('[[[1]]]', 2)).toBe(true)
    expect(textProblem('a\ud800')).toBeDefined()
    expect(textProblem('😀')).toBeUndefined()
  })
})
