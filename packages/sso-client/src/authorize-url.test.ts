import { describe, expect, test } from 'vitest'
import { actionForMode, buildAuthorizeUrl, buildSocialLoginUrl, type AuthMode } from './authorize-url.ts'
import { TEST_CONFIG, testRecord } from './test-support.ts'

const record = testRecord()

describe('spec §3 auth modes: login, sign_up, sign_in', () => {
  test.each<[AuthMode, string]>([
    ['login', 'login'],
    ['sign_in', 'login'],
    ['sign_up', 'signup'],
  ])('mode %s opens /authorize with action=%s', (mode, action) => {
    const url = new URL(
      buildAuthorizeUrl(TEST_CONFIG, { action: actionForMode(mode), record, codeChallenge: 'c'.repeat(43) }),
    )
    expect(url.searchParams.get('action')).toBe(action)
  })
})

describe('spec §4 login and signup: the authorize address', () => {
  test('carries clientId, codeChallenge, S256, redirectUri, responseType=code, action, username and state', () => {
    const url = new URL(
      buildAuthorizeUrl(TEST_CONFIG, {
        action: 'signup',
        record,
        codeChallenge: 'c'.repeat(43),
        username: 'a@b.vn',
      }),
    )
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_CONFIG.ssoUrl}/authorize`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientId: 'loa-web',
      codeChallenge: 'c'.repeat(43),
      codeChallengeMethod: 'S256',
      redirectUri: record.redirectUri,
      responseType: 'code',
      action: 'signup',
      username: 'a@b.vn',
      state: 'state-1',
      nonce: 'nonce-1',
    })
  })

  test('social login goes to {ssoApiUrl}/api/v1/auth/{provider}; a provider that is not a name is refused', () => {
    const url = new URL(buildSocialLoginUrl(TEST_CONFIG, { provider: 'google', record, codeChallenge: 'c' }))
    expect(url.pathname).toBe('/api/v1/auth/google')
    expect(url.searchParams.get('state')).toBe('state-1')
    expect(() =>
      buildSocialLoginUrl(TEST_CONFIG, { provider: '../admin', record, codeChallenge: 'c' }),
    ).toThrow('Invalid provider')
  })
})
