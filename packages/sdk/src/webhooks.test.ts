/**
 * verifyWebhook against the server's independent vectors (packages/synthesis/src/callbacks/signature.test.ts:
 * MACs computed by `printf '%s' '<t>.<body>' | openssl dgst -sha256 -hmac '<secret>'`, never by our signer).
 */
import { describe, expect, it } from 'vitest'
import { LoaWebhookError } from './errors.ts'
import { verifyWebhook } from './webhooks.ts'

const SECRET = 'whsec_loa_test_0123456789'
const BODY = '{"request_id":"5f0c","status":"SUCCESS"}'
const T = 1767225600
const MAC_AT_T = 'cb7042128ac8cb31a8e8505e6a71cd7ad93a9b0eff51ce853073d88d668ccee3'
const MAC_AT_T_PLUS_1 = '1c17592010010adfc79e4a15c7ede8c3d7db0686cbb1c790b2877f07ce83da5e'

const verify = (body: string, header: string | undefined, now: number, secret = SECRET, tolerance?: number) =>
  verifyWebhook(body, header === undefined ? {} : { 'X-Loa-Signature': header }, secret, {
    nowSeconds: now,
    ...(tolerance !== undefined ? { toleranceSeconds: tolerance } : {}),
  })

describe('verifyWebhook (the server’s independent vectors)', () => {
  it('accepts the documented header within the tolerance and answers the parsed body', async () => {
    await expect(verify(BODY, `t=${T},v1=${MAC_AT_T}`, T + 10)).resolves.toEqual({
      request_id: '5f0c',
      status: 'SUCCESS',
    })
    await expect(verify(BODY, `t=${T + 1},v1=${MAC_AT_T_PLUS_1}`, T)).resolves.toBeTruthy()
    // A Headers object and bytes work too.
    const headers = new Headers({ 'x-loa-signature': `t=${T},v1=${MAC_AT_T.toUpperCase()}` })
    await expect(
      verifyWebhook(new TextEncoder().encode(BODY), headers, SECRET, { nowSeconds: T }),
    ).resolves.toBeTruthy()
  })

  it('refuses replays, changed timestamps, bodies or secrets, and malformed headers', async () => {
    const refused = [
      () => verify(BODY, `t=${T},v1=${MAC_AT_T}`, T + 301),
      () => verify(BODY, `t=${T},v1=${MAC_AT_T}`, T + 11, SECRET, 10),
      () => verify(BODY, `t=${T + 1},v1=${MAC_AT_T}`, T + 10),
      () => verify(BODY.replace('SUCCESS', 'FAILURE'), `t=${T},v1=${MAC_AT_T}`, T),
      () => verify(BODY, `t=${T},v1=${MAC_AT_T}`, T, 'whsec_other'),
      () => verify(BODY, `v1=${MAC_AT_T}`, T),
      () => verify(BODY, `t=${T},v1=${MAC_AT_T.slice(0, 62)}`, T),
      () => verify(BODY, undefined, T),
    ]
    for (const outcome of refused) await expect(outcome()).rejects.toBeInstanceOf(LoaWebhookError)
  })
})
