import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSsoAdmin } from '../admin/operations.ts'
import { httpBackend, runSsoCli } from '../admin/cli.ts'
import {
  OPERATOR_KEY,
  createHarness,
  decodeJwt,
  freePort,
  signUpAndExchange,
  type Harness,
} from '../testing/harness.ts'

/** `loa sso …` on both backends: the database directly, and the running server's admin API. */
describe('sso CLI', () => {
  let h: Harness
  let url: string
  beforeAll(async () => {
    h = await createHarness()
    const port = await freePort()
    await h.app.listen({ port, host: '127.0.0.1' })
    url = `http://127.0.0.1:${port}`
  })
  afterAll(async () => h.close())

  const run = async (args: string[], via: 'db' | 'http') => {
    const lines: string[] = []
    const backend = via === 'db' ? createSsoAdmin(h.database.db) : httpBackend(url, OPERATOR_KEY)
    const code = await runSsoCli(args, backend, (l) => lines.push(l))
    return { code, out: lines.join('\n') }
  }

  for (const via of ['db', 'http'] as const)
    it(`manages clients, roles and the outbox (${via})`, async () => {
      const id = `partner-${via}`
      const add = await run(
        [
          'client',
          'add',
          id,
          '--name',
          'Partner',
          '--redirect-uri',
          'https://p.example/cb',
          '--post-logout-uri',
          'https://p.example/',
          '--role',
          'viewer',
        ],
        via,
      )
      expect(add.code).toBe(0)
      expect((await run(['client', 'list'], via)).out).toContain(`${id}  Partner`)
      expect(
        (await run(['client', 'add', 'bad', '--redirect-uri', 'https://x.example/cb#frag'], via)).code,
      ).toBe(1)
      const user = await signUpAndExchange(h)
      const grant = await run(['user', 'role', 'add', user.email, 'loa-flags', 'admin'], via)
      expect(grant.code).toBe(0)
      const refreshed = await h.app.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          grant_type: 'refresh_token',
          client_id: 'test-spa',
          refresh_token: user.tokens.refresh_token,
        }),
      })
      expect(decodeJwt(refreshed.json().access_token).resource_access).toEqual({
        'loa-flags': { roles: ['admin'] },
      })
      expect((await run(['user', 'role', 'remove', user.email, 'loa-flags', 'admin'], via)).code).toBe(0)
      expect((await run(['outbox', '--limit', '5'], via)).out).toContain(user.email)
      expect((await run(['client', 'remove', id], via)).code).toBe(0)
      expect((await run(['client', 'list'], via)).out).not.toContain(id)
      expect((await run(['nonsense'], via)).code).toBe(2)
    })

  it('tokens revoke-all signs everyone out (realm tokens-not-before)', async () => {
    const user = await signUpAndExchange(h)
    const active = async () =>
      (
        await h.app.inject({
          method: 'POST',
          url: '/protocol/openid-connect/token/introspect',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `token=${user.tokens.access_token}`,
        })
      ).json().active as boolean
    expect(await active()).toBe(true)
    expect((await run(['tokens', 'revoke-all'], 'http')).code).toBe(0)
    expect(await active()).toBe(false)
    const realm = (await h.app.inject({ method: 'GET', url: '/realms/loa' })).json()
    expect(realm['tokens-not-before']).toBeGreaterThan(0)
  })

  it('refuses the admin API without the operator key', async () => {
    const res = await fetch(`${url}/admin/v1/clients`, {
      headers: { authorization: 'Bearer wrong-key-wrong-key' },
    })
    expect(res.status).toBe(401)
    expect(
      await runSsoCli(['client', 'list'], httpBackend(url, 'wrong-key-wrong-key'), () => undefined),
    ).toBe(1)
  })
})
