import { describe, expect, test } from 'vitest'
import {
  buildAuthState,
  hasRealmRole,
  hasResourceRole,
  isTokenExpired,
  readMessage,
  readStatus,
  readTokenSet,
  unauthenticatedState,
  type AuthState,
} from './auth-state.ts'
import { makeJwt } from './test-support.ts'

describe('readTokenSet', () => {
  test('reads the wrapped snake_case answer, the camelCase answer and the standard OAuth answer', () => {
    expect(
      readTokenSet({ status: 1, result: { access_token: 'a', refresh_token: 'r', id_token: 'i' } }),
    ).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      idToken: 'i',
    })
    expect(readTokenSet({ status: 1, result: { accessToken: 'a', refreshToken: 'r' } })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    })
    expect(readTokenSet({ access_token: 'a', token_type: 'Bearer' })).toEqual({ accessToken: 'a' })
  })

  test('no access token, no token set', () => {
    expect(readTokenSet({ status: 1, result: {} })).toBeUndefined()
    expect(readTokenSet('text')).toBeUndefined()
    expect(readTokenSet(null)).toBeUndefined()
  })

  test('status and message readers', () => {
    expect(readStatus({ status: 1 })).toBe(1)
    expect(readStatus({ status: '1' })).toBeUndefined()
    expect(readMessage({ error_message: 'x' })).toBe('x')
  })
})

describe('buildAuthState (H7)', () => {
  const iat = 1_700_000_000
  const access = makeJwt({
    iat,
    exp: iat + 300,
    sub: 'user-9',
    realm_access: { roles: ['user'] },
    resource_access: { 'loa-api': { roles: ['admin'] } },
  })

  test('decodes the tokens and takes subject/realm/resource access from the access token', () => {
    const state = buildAuthState(
      {
        accessToken: access,
        refreshToken: makeJwt({ typ: 'Refresh' }),
        idToken: makeJwt({ aud: 'loa-web' }),
      },
      iat * 1000,
    )
    expect(state).toMatchObject({
      initialized: true,
      authenticated: true,
      subject: 'user-9',
      realmAccess: { roles: ['user'] },
      resourceAccess: { 'loa-api': { roles: ['admin'] } },
      token: access,
      tokenParsed: { sub: 'user-9' },
      refreshTokenParsed: { typ: 'Refresh' },
      idTokenParsed: { aud: 'loa-web' },
    })
  })

  test('timeSkew = floor(timeLocal / 1000) - iat, timeLocal being the request midpoint', () => {
    const started = (iat + 100) * 1000
    const ended = started + 1800
    expect(buildAuthState({ accessToken: access }, (started + ended) / 2).timeSkew).toBe(100)
    expect(buildAuthState({ accessToken: access }, (iat - 7) * 1000 + 999).timeSkew).toBe(-7)
  })

  test('an opaque refresh token is kept without a parsed form; a malformed access token throws', () => {
    const state = buildAuthState({ accessToken: access, refreshToken: 'opaque-value' }, iat * 1000)
    expect(state.refreshToken).toBe('opaque-value')
    expect(state.refreshTokenParsed).toBeUndefined()
    expect(() => buildAuthState({ accessToken: 'garbage' }, 0)).toThrow('Unable to decode token')
  })
})

describe('isTokenExpired (keycloak-js, H8)', () => {
  const iat = 1_700_000_000
  const state = buildAuthState({ accessToken: makeJwt({ iat, exp: iat + 300 }) }, iat * 1000)

  test('throws "Not authenticated" without a token', () => {
    expect(() => isTokenExpired(unauthenticatedState())).toThrow('Not authenticated')
  })

  test('true when timeSkew is null', () => {
    expect(isTokenExpired({ ...state, timeSkew: null }, 0, iat * 1000)).toBe(true)
  })

  test('false when the token has no exp', () => {
    const noExp = buildAuthState({ accessToken: makeJwt({ iat }) }, iat * 1000)
    expect(isTokenExpired(noExp, 0, (iat + 10_000) * 1000)).toBe(false)
  })

  test('exp - ceil(now) + timeSkew - minValidity < 0', () => {
    expect(isTokenExpired(state, 0, (iat + 299) * 1000)).toBe(false)
    expect(isTokenExpired(state, 0, (iat + 300) * 1000)).toBe(false)
    expect(isTokenExpired(state, 0, (iat + 300) * 1000 + 1)).toBe(true)
    expect(isTokenExpired(state, 30, (iat + 269) * 1000)).toBe(false)
    expect(isTokenExpired(state, 30, (iat + 271) * 1000)).toBe(true)
  })

  test('the skew corrects a local clock that runs ahead', () => {
    const ahead = buildAuthState({ accessToken: makeJwt({ iat, exp: iat + 300 }) }, (iat + 1000) * 1000)
    expect(ahead.timeSkew).toBe(1000)
    expect(isTokenExpired(ahead, 0, (iat + 1200) * 1000)).toBe(false)
    expect(isTokenExpired(ahead, 0, (iat + 1301) * 1000)).toBe(true)
  })
})

describe('role checks (spec §6)', () => {
  const base: AuthState = unauthenticatedState()
  test('hasResourceRole is false when no resource access exists', () => {
    expect(hasResourceRole(base, 'admin', 'loa-api')).toBe(false)
  })
  test('hasResourceRole looks in the given resource; hasRealmRole in realm access', () => {
    const state = {
      ...base,
      resourceAccess: { 'loa-api': { roles: ['admin'] } },
      realmAccess: { roles: ['user'] },
    }
    expect(hasResourceRole(state, 'admin', 'loa-api')).toBe(true)
    expect(hasResourceRole(state, 'admin', 'loa-flags')).toBe(false)
    expect(hasRealmRole(state, 'user')).toBe(true)
    expect(hasRealmRole(state, 'admin')).toBe(false)
  })
})
