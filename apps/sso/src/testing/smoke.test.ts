import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, signUpAndExchange, decodeJwt, type Harness } from './harness.ts'

describe('smoke', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())
  it('signs up and exchanges', async () => {
    const { tokens } = await signUpAndExchange(h)
    expect(decodeJwt(tokens.access_token).email).toMatch(/@example.com/)
  })
})
