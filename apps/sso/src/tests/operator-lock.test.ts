import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CookieJar,
  OPERATOR_KEY,
  SPA,
  createHarness,
  decodeJwt,
  pkcePair,
  signUpAndExchange,
  submitAuthForm,
  type Harness,
} from '../testing/harness.ts'

/** The back-office's lock: the operator endpoint disables the account and signs it out everywhere. */
describe('operator lock / unlock', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const lock = (id: string, body: unknown, key = OPERATOR_KEY) =>
    h.app.inject({
      method: 'POST',
      url: `/admin/v1/users/${id}/lock`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  const refresh = (refreshToken: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        grant_type: 'refresh_token',
        client_id: SPA.clientId,
        refresh_token: refreshToken,
      }),
    })

  it('locking ends every session (refresh fails); unlocking lets the user sign in again', async () => {
    const first = await signUpAndExchange(h)
    const id = decodeJwt(first.tokens.access_token).sub as string
    expect((await lock(id, { locked: true }, 'wrong-operator-key-000000')).statusCode).toBe(401)
    expect((await lock(id, { locked: 'yes' })).statusCode).toBe(400)
    expect((await lock('no-such-user', { locked: true })).statusCode).toBe(404)

    const locked = await lock(id, { locked: true })
    expect(locked.json()).toMatchObject({ status: 1, result: { user_id: id, locked: true } })
    expect((await refresh(first.tokens.refresh_token)).statusCode).toBe(400)

    const login = () =>
      submitAuthForm(
        h,
        new CookieJar(),
        { email: first.email, password: first.password },
        { challenge: pkcePair().challenge, action: 'login' },
      )
    expect((await login()).statusCode).not.toBe(303)
    expect((await lock(id, { locked: false })).json().result.locked).toBe(false)
    expect((await login()).statusCode).toBe(303)
  })
})
