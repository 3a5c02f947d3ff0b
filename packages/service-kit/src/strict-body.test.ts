import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createBaseApp } from './fastify.ts'
import { parseStrictBody } from './strict-body.ts'

const schema = z.object({ name: z.string(), tags: z.array(z.object({ id: z.number() })).optional() })

let app: FastifyInstance
beforeAll(async () => {
  app = createBaseApp({ service: 'test', logger: false })
  app.post('/things', async (request) => ({ status: 1, result: parseStrictBody(schema, request.body) }))
  app.post('/custom', async (request) =>
    parseStrictBody(schema, request.body, (issues) =>
      Object.assign(new Error(issues[0]!.message), { statusCode: 422, code: 'MINE' }),
    ),
  )
  await app.ready()
})
afterAll(() => app.close())

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object })

describe('parseStrictBody', () => {
  it('passes a body with known keys only', async () => {
    const res = await post('/things', { name: 'a', tags: [{ id: 1 }] })
    expect(res.statusCode).toBe(200)
    expect(res.json().result).toEqual({ name: 'a', tags: [{ id: 1 }] })
  })

  it('refuses an unknown key at the top and deep inside with 400 VALIDATION_FAILED naming the place', async () => {
    const top = await post('/things', { name: 'a', admin: true })
    expect(top.statusCode).toBe(400)
    expect(top.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    expect(top.json().error_message).toContain('admin')
    const deep = await post('/things', { name: 'a', tags: [{ id: 1, extra: 2 }] })
    expect(deep.statusCode).toBe(400)
    expect(deep.json().details[0].path).toBe('tags.0')
  })

  it('reads an absent body as {} and lets the service choose its refusal', async () => {
    const none = await app.inject({ method: 'POST', url: '/things' })
    expect(none.statusCode).toBe(400)
    expect(none.json().details[0].path).toBe('name')
    const custom = await post('/custom', { name: 'a', x: 1 })
    expect(custom.statusCode).toBe(422)
    expect(custom.json().error_code).toBe('MINE')
  })
})
