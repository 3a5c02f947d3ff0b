import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

describe('OpenAPI: who authenticates how', () => {
  it('documents the developer API token as an opaque loa_… app token, not a JWT', async () => {
    const doc = (
      await api.call({
        method: 'GET',
        url: '/api/v1/admin/openapi.json',
        token: await api.token('operator', { roles: ['admin'] }),
      })
    ).json()
    const schemes = doc.components.securitySchemes
    expect(schemes.appToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'loa_…' })
    expect(schemes.appToken.description).toMatch(/opaque/)
    expect(schemes.bearer.bearerFormat).toBe('JWT')
    expect(doc.paths['/api/v1/tts'].post.security).toEqual([{ appToken: [] }])
    expect(doc.paths['/api/v1/me'].get.security).toEqual([{ bearer: [] }])
    // The catalogue's language is documented.
    const locale = doc.paths['/api/v1/packages'].get.parameters.find(
      (p: { name: string }) => p.name === 'locale',
    )
    expect(locale.description).toMatch(/Accept-Language/)
  })
})
