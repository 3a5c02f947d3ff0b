import { expect, test } from 'vitest'
import * as local from './constants.ts'

test('the spec constants the client uses (spec §2, §9)', () => {
  expect(local.httpFailureMessage(404)).toBe('Request failed with status code 404')
  expect(local.LEFTOVER_CODE_TIMEOUT_MS).toBe(10000)
  expect(local.HTTP_TIMEOUT_MS).toBe(15000)
  expect(local.STORAGE_LOCK_TTL_MS).toBe(local.HTTP_TIMEOUT_MS + 5_000)
})
