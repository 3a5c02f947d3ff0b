import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createScratchPostgresDatabase, migrateAll, openDatabase, seedAll, type Database } from '@loa/db'
import { buildSsoApp } from '../app.ts'
import { loadSsoConfig } from '../config.ts'
import { upsertClient } from '../store/clients.ts'
import {
  ISSUER,
  SPA,
  CookieJar,
  codeFrom,
  pkcePair,
  submitAuthForm,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'

/**
 * Scale mode: two SSO replicas on one PostgreSQL database. A code issued by one is redeemed on the other, refresh
 * rotation and reuse detection hold across replicas, and parallel redemptions on both give exactly one success.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? ''
if (!adminUrl)
  console.warn('\n!!! SKIPPED: SSO PostgreSQL (two replicas) suite — TEST_DATABASE_URL is not set !!!\n')

describe.skipIf(!adminUrl)('SSO on PostgreSQL with two replicas (TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>
  const databases: Database[] = []
  const apps: FastifyInstance[] = []
  const replica = (i: number): Harness =>
    ({
      app: apps[i]!,
      database: databases[i]!,
      config: loadSsoConfig({ SSO_PUBLIC_URL: ISSUER }, { generateSecrets: false }),
      clock: { now: () => Date.now(), advance: () => undefined },
      close: async () => undefined,
    }) as Harness

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(adminUrl, 'loa_sso')
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: scratch.url, poolSize: 4 })
      databases.push(database)
      if (i === 0) {
        await migrateAll(database)
        await seedAll({ db: database.db })
        await upsertClient(database.db, {
          id: SPA.clientId,
          name: 'Test SPA',
          redirectUris: [SPA.redirectUri],
          postLogoutRedirectUris: [SPA.postLogout],
          roles: [],
        })
      }
      const app = buildSsoApp({
        config: loadSsoConfig({ SSO_PUBLIC_URL: ISSUER }, { generateSecrets: false }),
        database,
      })
      await app.ready()
      apps.push(app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const database of databases) await database.close()
    await scratch?.drop()
  })

  const token = (i: number, body: Record<string, string>) =>
    apps[i]!.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })

  const freshCode = async () => {
    const pkce = pkcePair()
    const res = await submitAuthForm(
      replica(0),
      new CookieJar(),
      { email: uniqueEmail('pg'), password: 'postgres pw 12', name: 'PG' },
      { challenge: pkce.challenge, action: 'signup' },
    )
    expect(res.statusCode).toBe(303)
    const code = codeFrom(res.headers.location as string)
    return {
      grant_type: 'authorization_code',
      client_id: SPA.clientId,
      code,
      code_verifier: pkce.verifier,
      redirect_uri: SPA.redirectUri,
    }
  }

  it('parallel redemptions of one code on both replicas: exactly one succeeds, and the replay revokes its tokens', async () => {
    const body = await freshCode()
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => token(i % 2, body)))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().error).toBe('invalid_grant')
    const won = results.find((r) => r.statusCode === 200)!.json()
    const refresh = await token(1, {
      grant_type: 'refresh_token',
      client_id: SPA.clientId,
      refresh_token: won.refresh_token,
    })
    expect(refresh.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'refresh token revoked',
    })
  })

  it('shares codes, sessions, keys and refresh families across replicas', async () => {
    const body = await freshCode()
    const exchanged = await token(1, body)
    expect(exchanged.statusCode).toBe(200)
    const tokens = exchanged.json()
    // both replicas publish the same keys
    const jwks = await Promise.all(
      apps.map(async (a) =>
        (await a.inject({ method: 'GET', url: '/protocol/openid-connect/certs' })).json(),
      ),
    )
    expect(jwks[0]).toEqual(jwks[1])
    const refreshed = await token(0, {
      grant_type: 'refresh_token',
      client_id: SPA.clientId,
      refresh_token: tokens.refresh_token,
    })
    expect(refreshed.statusCode).toBe(200)
    const replay = await token(1, {
      grant_type: 'refresh_token',
      client_id: SPA.clientId,
      refresh_token: tokens.refresh_token,
    })
    expect(replay.json().error).toBe('invalid_grant')
    const after = await token(0, {
      grant_type: 'refresh_token',
      client_id: SPA.clientId,
      refresh_token: refreshed.json().refresh_token,
    })
    expect(after.statusCode).toBe(400)
  })
})
