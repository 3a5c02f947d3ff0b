/**
 * Callback signatures against independent vectors: the documented format (`X-Loa-Signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`), with the expected MACs computed outside this code base by
 * `printf '%s' '<t>.<body>' | openssl dgst -sha256 -hmac '<secret>'` — never by our own signer.
 */
import { describe, expect, it } from 'vitest'
import { signPayload, verifySignature } from './signature.ts'

const SECRET = 'whsec_loa_test_0123456789'
const BODY = '{"request_id":"5f0c","status":"SUCCESS"}'
const T = 1767225600
/** openssl dgst -sha256 -hmac SECRET of "1767225600.<BODY>". */
const MAC_AT_T = 'cb7042128ac8cb31a8e8505e6a71cd7ad93a9b0eff51ce853073d88d668ccee3'
/** openssl dgst -sha256 -hmac SECRET of "1767225601.<BODY>" (the same body one second later). */
const MAC_AT_T_PLUS_1 = '1c17592010010adfc79e4a15c7ede8c3d7db0686cbb1c790b2877f07ce83da5e'

describe('callback signature (independent vectors)', () => {
  it('signs the timestamp and the raw body exactly as documented', () => {
    expect(signPayload(SECRET, BODY, T)).toBe(`t=${T},v1=${MAC_AT_T}`)
    expect(signPayload(SECRET, BODY, T + 1)).toBe(`t=${T + 1},v1=${MAC_AT_T_PLUS_1}`)
  })

  it('accepts the documented header within the tolerance and nothing else', () => {
    expect(verifySignature(SECRET, BODY, `t=${T},v1=${MAC_AT_T}`, T + 10)).toBe(true)
    // A replay outside the window, a changed timestamp, a changed body, another secret.
    expect(verifySignature(SECRET, BODY, `t=${T},v1=${MAC_AT_T}`, T + 301)).toBe(false)
    expect(verifySignature(SECRET, BODY, `t=${T + 1},v1=${MAC_AT_T}`, T + 10)).toBe(false)
    expect(verifySignature(SECRET, BODY.replace('SUCCESS', 'FAILURE'), `t=${T},v1=${MAC_AT_T}`, T)).toBe(
      false,
    )
    expect(verifySignature('whsec_other', BODY, `t=${T},v1=${MAC_AT_T}`, T)).toBe(false)
    expect(verifySignature(SECRET, BODY, `v1=${MAC_AT_T}`, T)).toBe(false)
    expect(verifySignature(SECRET, BODY, `t=${T},v1=${MAC_AT_T.slice(0, 62)}`, T)).toBe(false)
  })
})
