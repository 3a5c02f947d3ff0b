import * as contracts from '@loa/contracts'
import { expect, test } from 'vitest'
import * as local from './constants.ts'

test('the copied spec constants are identical to @loa/contracts', () => {
  const shared = [
    'HTTP_TIMEOUT_MS',
    'HTTP_SUCCESS_MIN',
    'HTTP_SUCCESS_MAX',
    'LEFTOVER_CODE_TIMEOUT_MS',
    'PKCE_COOKIE_PREFIX',
    'PKCE_VERIFIER_BYTES',
    'PKCE_METHOD',
    'USER_ALREADY_EXISTS',
    'DEFAULT_REFRESH_FAILED_MESSAGE',
    'DEFAULT_LOGOUT_FAILED_MESSAGE',
    'REFRESH_FROM_TOKEN_FAILED_MESSAGE',
    'SSO_CONFIG_MISSING_MESSAGE',
    'USE_AUTH_OUTSIDE_PROVIDER_MESSAGE',
  ] as const
  for (const name of shared) {
    expect(local[name], name).toBe((contracts as Record<string, unknown>)[name])
  }
  expect(local.httpFailureMessage(404)).toBe(contracts.httpFailureMessage(404))
  expect(local.httpFailureMessage(404)).toBe('Request failed with status code 404')
  expect(local.LEFTOVER_CODE_TIMEOUT_MS).toBe(10000)
  expect(local.HTTP_TIMEOUT_MS).toBe(15000)
})
