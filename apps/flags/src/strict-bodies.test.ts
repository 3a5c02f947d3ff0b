import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFlags, type RunningFlags } from './testing/harness.ts'

/**
 * Issue 13 defect 7 at the flags service: JSON bodies are strict like the api's — an unknown key is a coded 400
 * (admin API: VALIDATION_FAILED in the product envelope; SDK endpoint: GrowthBook's `{status, error}`), and a
 * body nested too deep is refused before parsing. The SDK's own remote-evaluation body still passes.
 */
let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags()
  expect((await flags.admin('POST', '/features', { key: 'strict-test', default_value: false })).status).toBe(
    201,
  )
})
afterAll(async () => flags.close())

const postEval = (body: string) =>
  fetch(`${flags.url}/api/eval/sdk-loa-web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })

describe('strict JSON bodies of the flags service', () => {
  it('remote evaluation refuses an unknown key with 400 in GrowthBook’s shape', async () => {
    const res = await postEval(JSON.stringify({ attributes: { id: 'u1' }, admin: true }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ status: 400, error: 'Invalid input' })
  })

  it('remote evaluation takes exactly what the GrowthBook SDK sends', async () => {
    const res = await postEval(
      JSON.stringify({
        attributes: { id: 'u1', nested: { any: 'shape' } },
        forcedVariations: {},
        forcedFeatures: [['strict-test', true]],
        url: 'https://loa.test/',
      }),
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as { features: Record<string, unknown> }).features).toHaveProperty(
      'strict-test',
    )
  })

  it('admin actions without input refuse a body with keys; admin bodies refuse unknown keys deep inside', async () => {
    const archive = await flags.admin('POST', '/features/strict-test/archive', { reason: 'x' })
    expect(archive.status).toBe(400)
    expect(archive.body).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    const env = await flags.admin('PATCH', '/features/strict-test', {
      environments: { production: { enabled: true, owner: 'me' } },
    })
    expect(env.status).toBe(400)
    expect(env.body).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    const ok = await flags.admin('POST', '/features/strict-test/archive', {})
    expect(ok.status).toBe(200)
  })

  it('a body nested deeper than the limit is refused before parsing, in the error envelope', async () => {
    const res = await fetch(`${flags.url}/api/eval/sdk-loa-web`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"attributes":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
  })
})
