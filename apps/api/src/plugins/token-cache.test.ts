import { generateKeyPair } from 'jose'
import { describe, expect, it } from 'vitest'
import { createTestSso, ISSUER } from '../test/harness.ts'
import { cachedTokenVerifier } from './token-cache.ts'
import { createTokenVerifier } from './token-verifier.ts'

/** The real verifier over the test SSO's keys, counting how often it really verifies. */
const setup = async (maxAgeMs: number) => {
  const sso = await createTestSso()
  const verifier = createTokenVerifier({
    issuer: ISSUER,
    keys: sso.jwks,
    jwksUrl: 'http://unused.test/certs',
    resource: 'loa-api',
    audience: ['loa-api', 'loa-web'],
    clockToleranceSeconds: 0,
  })
  let clock = Date.now()
  const calls = { n: 0 }
  const verify = cachedTokenVerifier(
    (token) => {
      calls.n += 1
      return verifier(token)
    },
    { maxAgeMs, now: () => clock },
  )
  return { sso, verify, calls, advance: (ms: number) => (clock += ms), now: () => clock }
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  )

describe('cachedTokenVerifier', () => {
  it('verifies a token once and reuses the answer within its bound', async () => {
    const { sso, verify, calls, advance } = await setup(60_000)
    const token = await sso.sign({ sub: 'u-1' }, { expiresIn: '5m' })
    const first = await verify(token)
    advance(59_000)
    expect(await verify(token)).toBe(first)
    expect(calls.n).toBe(1)
    // Past the bound the signature is checked again.
    advance(2_000)
    await verify(token)
    expect(calls.n).toBe(2)
  })

  it('never keeps an entry past the token’s expiry', async () => {
    const { sso, verify, calls, advance, now } = await setup(60_000)
    const token = await sso.sign({ sub: 'u-2' }, { expiresIn: Math.floor(now() / 1000) + 10 })
    await verify(token)
    advance(9_000)
    await verify(token)
    expect(calls.n).toBe(1)
    // 11 s after verification, past `exp` though within the bound: back to the verifier (which applies expiry).
    advance(2_000)
    await verify(token).catch(() => undefined)
    expect(calls.n).toBe(2)
  })

  it('keeps no refusal: forged, wrong-audience and expired tokens are verified and refused every time', async () => {
    const { sso, verify, calls } = await setup(60_000)
    const { privateKey } = await generateKeyPair('RS256')
    const forged = await sso.sign({ sub: 'u-3' }, { key: privateKey })
    const otherClient = await sso.sign({ sub: 'u-3', aud: 'other-client' })
    const expired = await sso.sign({ sub: 'u-3' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 })
    for (let round = 0; round < 2; round += 1) {
      expect(await code(verify(forged))).toBe('TOKEN_INVALID')
      expect(await code(verify(otherClient))).toBe('TOKEN_INVALID')
      expect(await code(verify(expired))).toBe('TOKEN_EXPIRED')
    }
    expect(calls.n).toBe(6)
  })

  it('hands out an answer nobody can change, and caches nothing with a bound of 0', async () => {
    const cached = await setup(60_000)
    const user = await cached.verify(await cached.sso.sign({ sub: 'u-4' }))
    expect(Object.isFrozen(user)).toBe(true)
    const off = await setup(0)
    const token = await off.sso.sign({ sub: 'u-4' })
    await off.verify(token)
    await off.verify(token)
    expect(off.calls.n).toBe(2)
  })
})
