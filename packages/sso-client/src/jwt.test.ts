import { describe, expect, test } from 'vitest'
import { base64UrlDecode, base64UrlEncode } from './base64url.ts'
import { decodeToken } from './jwt.ts'
import { makeJwt } from './test-support.ts'

describe('base64url', () => {
  test('round-trips bytes without padding or +/ characters', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 0x00, 0x01])
    const encoded = base64UrlEncode(bytes)
    expect(encoded).toBe(Buffer.from(bytes).toString('base64url'))
    expect(encoded).not.toMatch(/[=+/]/)
    expect(Array.from(base64UrlDecode(encoded))).toEqual(Array.from(bytes))
  })

  test('rejects characters outside the alphabet', () => {
    expect(() => base64UrlDecode('ab+c')).toThrow()
    expect(() => base64UrlDecode('a')).toThrow()
  })
})

describe('decodeToken (H11)', () => {
  test('reads the payload, including UTF-8 text', () => {
    const token = makeJwt({ sub: 'u1', name: 'Nguyễn Văn A', exp: 10 })
    expect(decodeToken(token)).toEqual({ sub: 'u1', name: 'Nguyễn Văn A', exp: 10 })
  })

  test('malformed tokens raise the keycloak-js messages', () => {
    expect(() => decodeToken('no-dots')).toThrow('Unable to decode token, payload not found.')
    expect(() => decodeToken('a..c')).toThrow('Unable to decode token, payload not found.')
    expect(() => decodeToken('a.%%%.c')).toThrow(
      'Unable to decode token, payload is not a valid Base64URL value.',
    )
    const notJson = base64UrlEncode(new TextEncoder().encode('{not json'))
    expect(() => decodeToken(`a.${notJson}.c`)).toThrow(
      'Unable to decode token, payload is not a valid JSON value.',
    )
    const scalar = base64UrlEncode(new TextEncoder().encode('42'))
    expect(() => decodeToken(`a.${scalar}.c`)).toThrow(
      'Unable to decode token, payload is not a valid JSON value.',
    )
  })
})
