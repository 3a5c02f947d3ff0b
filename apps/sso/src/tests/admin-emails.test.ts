import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoOutbox } from '../store/tables.ts'
import {
  CookieJar,
  SPA,
  codeFrom,
  createHarness,
  decodeJwt,
  exchangeCode,
  pkcePair,
  signUpAndExchange,
  submitAuthForm,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'

/** ADMIN_EMAILS: a listed, verified email gets the operator roles at sign-in; nothing else does. */
describe('ADMIN_EMAILS', () => {
  let h: Harness
  const operator = uniqueEmail('operator')
  beforeAll(async () => {
    h = await createHarness({ ADMIN_EMAILS: `someone@example.com, ${operator.toUpperCase()}` })
  })
  afterAll(async () => h.close())

  const login = async (email: string, password: string) => {
    const { verifier, challenge } = pkcePair()
    const res = await submitAuthForm(h, new CookieJar(), { email, password }, { challenge })
    expect(res.statusCode).toBe(303)
    const token = await exchangeCode(h, {
      grant_type: 'authorization_code',
      client_id: SPA.clientId,
      code: codeFrom(res.headers.location as string),
      code_verifier: verifier,
      redirect_uri: SPA.redirectUri,
    })
    return decodeJwt((token.json() as { access_token: string }).access_token)
  }

  it('gives loa-api admin and loa-flags admin once the listed email is verified, at the next sign-in', async () => {
    const signedUp = await signUpAndExchange(h, { email: operator })
    // Unverified: anyone could have typed this address at signup.
    expect(decodeJwt(signedUp.tokens.access_token).resource_access).toEqual({})
    const mail = (await h.database.db.select().from(ssoOutbox).where(eq(ssoOutbox.to, operator)))[0]!
    const link = /\/verify-email\?token=[\w-]+&lang=\w+/.exec(mail.text)![0]
    expect((await h.app.inject({ method: 'GET', url: link })).statusCode).toBe(200)
    const claims = await login(operator, signedUp.password)
    expect(claims.resource_access).toEqual({
      'loa-api': { roles: ['admin'] },
      'loa-flags': { roles: ['admin'] },
    })
  })

  it('gives nothing to a verified email that is not listed', async () => {
    const other = uniqueEmail('customer')
    const signedUp = await signUpAndExchange(h, { email: other })
    const mail = (await h.database.db.select().from(ssoOutbox).where(eq(ssoOutbox.to, other)))[0]!
    const link = /\/verify-email\?token=[\w-]+&lang=\w+/.exec(mail.text)![0]
    await h.app.inject({ method: 'GET', url: link })
    expect((await login(other, signedUp.password)).resource_access).toEqual({})
  })

  it('refuses an ADMIN_ROLES entry that is not resource:role', async () => {
    await expect(createHarness({ ADMIN_EMAILS: operator, ADMIN_ROLES: 'loa-api' })).rejects.toThrow(
      /ADMIN_ROLES/,
    )
  })
})
