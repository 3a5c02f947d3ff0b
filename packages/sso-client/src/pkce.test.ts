// @vitest-environment jsdom
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createCodeChallenge, createCodeVerifier, createRandomToken } from './pkce.ts'

describe('PKCE S256', () => {
  test('the verifier is base64url of 32 random bytes (43 characters), fresh each time', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const verifier = createCodeVerifier()
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(verifier, 'base64url')).toHaveLength(32)
      seen.add(verifier)
    }
    expect(seen.size).toBe(50)
  })

  test('the challenge is base64url(sha256(verifier)) without padding', async () => {
    for (let i = 0; i < 5; i++) {
      const verifier = createCodeVerifier()
      const expected = createHash('sha256').update(verifier).digest('base64url')
      const challenge = await createCodeChallenge(verifier)
      expect(challenge).toBe(expected)
      expect(challenge).toHaveLength(43)
      expect(challenge).not.toContain('=')
    }
  })

  test('state/nonce values are 128-bit random base64url strings', () => {
    const a = createRandomToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(createRandomToken()).not.toBe(a)
  })
})
