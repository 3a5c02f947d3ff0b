import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizeQuery, createHarness, pkcePair, type Harness } from '../testing/harness.ts'

describe('sign-up page', () => {
  let h: Harness
  const { challenge } = pkcePair()
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  it('carries the product brand and the terms and privacy consent, linking to the web pages of the language', async () => {
    const vi = await h.app.inject({
      method: 'GET',
      url: `/authorize?${authorizeQuery({ challenge, action: 'signup' })}`,
    })
    expect(vi.statusCode).toBe(200)
    expect(vi.body).toContain('data-testid="signup-consent"')
    expect(vi.body).toContain('href="http://localhost:3000/terms"')
    expect(vi.body).toContain('href="http://localhost:3000/privacy"')
    expect(vi.body).toContain('Điều khoản sử dụng')
    expect(vi.body).toContain('#5b21b6')
    const en = await h.app.inject({
      method: 'GET',
      url: `/authorize?${authorizeQuery({ challenge, action: 'signup' })}&lang=en`,
    })
    expect(en.body).toContain('href="http://localhost:3000/en/terms"')
    expect(en.body).toContain('Privacy policy')
    const login = await h.app.inject({ method: 'GET', url: `/authorize?${authorizeQuery({ challenge })}` })
    expect(login.body).not.toContain('signup-consent')
  })
})
