import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
  await api.app.ready()
})
afterAll(() => api.close())

type Operation = { tags?: string[] }
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every admin route of the OpenAPI document: tagged `admin`, or anywhere under /api/v1/admin. */
const adminRoutes = () => {
  const paths = (api.app.swagger() as { paths: Record<string, Partial<Record<string, Operation>>> }).paths
  const routes: { method: string; url: string }[] = []
  for (const [path, operations] of Object.entries(paths))
    for (const method of METHODS) {
      const op = operations[method]
      if (!op) continue
      if (op.tags?.includes('admin') || path.startsWith('/api/v1/admin/'))
        routes.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'some-id') })
    }
  return routes
}

describe('the admin route table', () => {
  it('refuses an anonymous caller (401) and a signed-in non-admin (403) on every admin route', async () => {
    const routes = adminRoutes()
    // The back-office's own routes are all there (a route left out of the walk would go unchecked).
    for (const expected of [
      'GET /api/v1/admin/users',
      'GET /api/v1/admin/users/some-id',
      'POST /api/v1/admin/users/some-id/credits/adjust',
      'POST /api/v1/admin/users/some-id/lock',
      'POST /api/v1/admin/users/some-id/unlock',
      'GET /api/v1/admin/dashboard',
      'GET /api/v1/admin/audit',
      'GET /api/v1/admin/banners',
      'POST /api/v1/admin/banners',
      'PATCH /api/v1/admin/banners/some-id',
      'POST /api/v1/admin/voices/some-id/sample',
      'POST /api/v1/admin/support/contacts/some-id/status',
      'PATCH /api/v1/admin/packages/some-id',
      'POST /api/v1/admin/news',
      'POST /api/v1/voices',
    ])
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(expected)
    // A signed-in user with admin on another resource (the flags service) is still not an API admin.
    const plain = await api.token('u-route-walker', {
      resource_access: { 'loa-flags': { roles: ['admin'] } },
    })
    for (const route of routes) {
      const payload = route.method === 'GET' ? undefined : {}
      const anonymous = await api.call({ method: route.method as 'GET', url: route.url, payload })
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401)
      const signedIn = await api.call({
        method: route.method as 'GET',
        url: route.url,
        payload,
        token: plain,
      })
      expect(signedIn.statusCode, `${route.method} ${route.url} non-admin`).toBe(403)
      expect(signedIn.json().error_code).toBe('FORBIDDEN')
    }
  })
})
