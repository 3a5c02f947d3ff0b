import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

const oneTap = (token: string | undefined, payload: Record<string, unknown>) =>
  api.call({ method: 'POST', url: '/api/v1/auths/google-one-tap', token, payload })

describe('spec §7 "POST auths/google-one-tap with the one-tap login payload, bearer"', () => {
  it('fills the profile from {firstName, lastName, email, avatar, providerId} (the spec’s camelCase)', async () => {
    const token = await api.token('u-onetap', { email: 'lan@example.vn', name: undefined })
    const res = await oneTap(token, {
      firstName: 'Lan',
      lastName: 'Nguyễn',
      email: 'Lan@Example.vn',
      avatar: 'https://lh3.googleusercontent.com/a/lan',
      providerId: '109876543210',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 1,
      result: {
        id: 'u-onetap',
        email: 'lan@example.vn',
        name: 'Lan Nguyễn',
        avatar: 'https://lh3.googleusercontent.com/a/lan',
      },
    })
    const me = await api.call({ method: 'GET', url: '/api/v1/me', token })
    expect(me.json().result).toMatchObject({
      name: 'Lan Nguyễn',
      avatar: 'https://lh3.googleusercontent.com/a/lan',
    })
  })

  it('another account’s email is refused (409 ONE_TAP_EMAIL_MISMATCH); bad fields are 400; no token is 401', async () => {
    const token = await api.token('u-onetap-2')
    const other = await oneTap(token, { email: 'someone.else@example.vn', firstName: 'X' })
    expect(other.statusCode).toBe(409)
    expect(other.json()).toMatchObject({ status: 0, error_code: 'ONE_TAP_EMAIL_MISMATCH' })
    const bad = await oneTap(token, { email: 'u-onetap-2@example.vn', avatar: 'javascript:alert(1)' })
    expect(bad.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    expect((await oneTap(undefined, { email: 'u-onetap-2@example.vn' })).statusCode).toBe(401)
  })
})
