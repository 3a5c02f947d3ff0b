import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose'
import { eq } from 'drizzle-orm'
import { flags as flagsSchema } from '@loa/db'
import { touchClientKeys } from './payload.ts'
import { TEST_ADMIN_KEY, startFlags, type RunningFlags } from './testing/harness.ts'

/** An SSO stand-in for token verification only: a real RS256 key pair published as JWKS over HTTP. */
let jwksServer: http.Server
let issuer: string
let privateKey: CryptoKey
let flags: RunningFlags

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  privateKey = pair.privateKey as CryptoKey
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-kid', alg: 'RS256', use: 'sig' }
  jwksServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r))
  issuer = `http://127.0.0.1:${(jwksServer.address() as { port: number }).port}`
  flags = await startFlags({
    SSO_PUBLIC_URL: issuer,
    SSO_JWKS_URL: `${issuer}/protocol/openid-connect/certs`,
  })
})
afterAll(async () => {
  await flags.close()
  jwksServer.closeAllConnections()
  await new Promise((r) => jwksServer.close(r))
})

const token = (claims: Record<string, unknown>, options: { iss?: string; exp?: number } = {}) =>
  new SignJWT({ email: 'lan@loa.vn', typ: 'Bearer', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-kid' })
    .setIssuer(options.iss ?? issuer)
    .setSubject('user-42')
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 300)
    .sign(privateKey)

const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const res = await fetch(`${flags.url}/api/admin${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { result?: never } }
}

const payload = async (key = 'sdk-loa-web') =>
  (await (await fetch(`${flags.url}/api/features/${key}`)).json()) as {
    features: Record<string, { defaultValue: unknown; rules?: unknown[] }>
    dateUpdated: string
    savedGroups: Record<string, unknown[]>
  }

describe('admin authentication', () => {
  it('requires the operator key or an SSO admin of loa-flags', async () => {
    expect((await call('GET', '/features', {})).body).toMatchObject({ status: 0, error_code: 'UNAUTHORIZED' })
    expect((await call('GET', '/features', { 'x-flags-admin-key': 'wrong-key-wrong-key' })).status).toBe(401)
    expect((await call('GET', '/features', { authorization: `Bearer ${TEST_ADMIN_KEY}` })).status).toBe(200)

    const admin = await token({ resource_access: { 'loa-flags': { roles: ['admin'] } } })
    const me = await call('GET', '/me', { authorization: `Bearer ${admin}` })
    expect(me.status).toBe(200)
    expect(me.body.result).toMatchObject({ id: 'sso:user-42', kind: 'sso', email: 'lan@loa.vn' })

    const apiAdmin = await token({ resource_access: { 'loa-api': { roles: ['admin'] } } })
    const forbidden = await call('GET', '/features', { authorization: `Bearer ${apiAdmin}` })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.error_code).toBe('FORBIDDEN')

    const foreign = await token(
      { resource_access: { 'loa-flags': { roles: ['admin'] } } },
      { iss: 'https://evil.example' },
    )
    expect((await call('GET', '/features', { authorization: `Bearer ${foreign}` })).body.error_code).toBe(
      'TOKEN_INVALID',
    )
    const expired = await token(
      { resource_access: { 'loa-flags': { roles: ['admin'] } } },
      { exp: Math.floor(Date.now() / 1000) - 60 },
    )
    expect((await call('GET', '/features', { authorization: `Bearer ${expired}` })).body.error_code).toBe(
      'TOKEN_EXPIRED',
    )
  })

  it('records who changed what and when in the audit log', async () => {
    const admin = await token({ resource_access: { 'loa-flags': { roles: ['admin'] } } })
    const changed = await call(
      'PATCH',
      '/features/header-banner',
      { authorization: `Bearer ${admin}` },
      { default_value: true },
    )
    expect(changed.status).toBe(200)
    const audit = await flags.admin<{ result: { entries: Record<string, unknown>[] } }>(
      'GET',
      '/audit?entity_type=feature&entity_id=header-banner',
    )
    const entry = audit.body.result.entries[0]!
    expect(entry).toMatchObject({
      actor: 'sso:user-42 <lan@loa.vn>',
      action: 'feature.update',
      entity_id: 'header-banner',
    })
    expect((entry.before as { default_value: boolean }).default_value).toBe(false)
    expect((entry.after as { default_value: boolean }).default_value).toBe(true)
    expect(Date.now() - Date.parse(entry.at as string)).toBeLessThan(60_000)
    expect((await flags.admin('PATCH', '/features/header-banner', { default_value: false })).status).toBe(200)
    const latest = await flags.admin<{ result: { entries: { actor: string }[] } }>('GET', '/audit?limit=1')
    expect(latest.body.result.entries[0]!.actor).toBe('operator')
  })
})

describe('flags, rules, saved groups and client keys', () => {
  it('lists the seeded flags and client keys', async () => {
    const list = await flags.admin<{
      result: { features: { key: string; environments: Record<string, unknown> }[] }
    }>('GET', '/features')
    expect(list.body.result.features.map((f) => f.key)).toContain('chatbot')
    expect(Object.keys(list.body.result.features[0]!.environments).sort()).toEqual([
      'development',
      'production',
    ])
    const keys = await flags.admin<{ result: { client_keys: { key: string; environment: string }[] } }>(
      'GET',
      '/client-keys',
    )
    expect(keys.body.result.client_keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'sdk-loa-web', environment: 'production' }),
        expect.objectContaining({ key: 'sdk-loa-dev', environment: 'development' }),
      ]),
    )
  })

  it('bumps dateUpdated on every change, even several within one millisecond', async () => {
    const seen = [(await payload()).dateUpdated]
    for (let i = 0; i < 5; i++) {
      await flags.admin('PATCH', '/features/datasenses', { description: `edit ${i}` })
      seen.push((await payload()).dateUpdated)
    }
    for (let i = 1; i < seen.length; i++)
      expect(Date.parse(seen[i]!)).toBeGreaterThan(Date.parse(seen[i - 1]!))
    // Writing the same values again is not a change: same version, no audit entry.
    const audits = async () =>
      (await flags.admin<{ result: { entries: unknown[] } }>('GET', '/audit?entity_id=datasenses&limit=500'))
        .body.result.entries.length
    const auditCount = await audits()
    expect((await flags.admin('PATCH', '/features/datasenses', { description: 'edit 4' })).status).toBe(200)
    expect((await payload()).dateUpdated).toBe(seen[seen.length - 1])
    expect(await audits()).toBe(auditCount)
    // Rules of another environment do not touch this key's payload version.
    const dev = (await payload('sdk-loa-dev')).dateUpdated
    await flags.admin('PUT', '/features/datasenses/environments/development/rules', {
      rules: [{ force: true }],
    })
    expect((await payload()).dateUpdated).toBe(seen[seen.length - 1])
    expect(Date.parse((await payload('sdk-loa-dev')).dateUpdated)).toBeGreaterThan(Date.parse(dev))
    await flags.admin('PUT', '/features/datasenses/environments/development/rules', { rules: [] })
  })

  it('rejects malformed rules at write time with stable codes, leaving the payload unchanged', async () => {
    const before = await payload()
    const bad: [unknown, string][] = [
      [{ force: true, condition: { country: { $in: 'VN' } } }, 'FLAG_CONDITION_INVALID'],
      [{ force: true, condition: { country: { $inn: ['VN'] } } }, 'FLAG_CONDITION_INVALID'],
      [{ force: true, condition: { email: { $regex: '([a-z' } } }, 'FLAG_CONDITION_INVALID'],
      [{ force: true, condition: { $or: { a: 1 } } }, 'FLAG_CONDITION_INVALID'],
      [{ force: true, condition: { country: { $eq: 'VN', other: 1 } } }, 'FLAG_CONDITION_INVALID'],
      [{ force: true, condition: { id: { $inGroup: 'no-such-group' } } }, 'FLAG_SAVED_GROUP_NOT_FOUND'],
      [{ force: true, coverage: 1.5 }, 'FLAG_COVERAGE_INVALID'],
      [{ force: true, coverage: -0.1 }, 'FLAG_COVERAGE_INVALID'],
      [{ force: true, range: [0.6, 0.2] }, 'FLAG_RANGE_INVALID'],
      [{ variations: [true, false], weights: [0.5, 0.2] }, 'FLAG_WEIGHTS_INVALID'],
      [{ variations: [true, false], weights: [1] }, 'FLAG_WEIGHTS_INVALID'],
      [{ variations: [true] }, 'FLAG_RULE_INVALID'],
      [{ variations: [true, 'yes'] }, 'FLAG_VALUE_TYPE_MISMATCH'],
      [{ force: 'on' }, 'FLAG_VALUE_TYPE_MISMATCH'],
      [{ force: true, variations: [true, false] }, 'FLAG_RULE_INVALID'],
      [{ condition: { a: 1 } }, 'FLAG_RULE_INVALID'],
      [{ force: true, hashVersion: 3 }, 'FLAG_RULE_INVALID'],
      [{ force: true, bogus: 1 }, 'FLAG_RULE_INVALID'],
      ['not a rule', 'FLAG_RULE_INVALID'],
    ]
    for (const [rule, code] of bad) {
      const res = await flags.admin<{ status: number; error_code: string; details: { path: string } }>(
        'PUT',
        '/features/chatbot/environments/production/rules',
        { rules: [rule] },
      )
      expect(res.status, JSON.stringify(rule)).toBe(400)
      expect(res.body.error_code, JSON.stringify(rule)).toBe(code)
      expect(res.body.details.path, JSON.stringify(rule)).toMatch(/^rules\[0\]/)
    }
    const env = await flags.admin<{ error_code: string }>(
      'PUT',
      '/features/chatbot/environments/staging/rules',
      {
        rules: [],
      },
    )
    expect(env.body.error_code).toBe('FLAG_ENVIRONMENT_UNKNOWN')
    expect(
      (await flags.admin<{ error_code: string }>('PATCH', '/features/chatbot', { default_value: 'yes' })).body
        .error_code,
    ).toBe('FLAG_VALUE_TYPE_MISMATCH')
    expect(
      (await flags.admin<{ error_code: string }>('PATCH', '/features/nope', { default_value: true })).status,
    ).toBe(404)
    expect((await payload()).dateUpdated).toBe(before.dateUpdated)
  })

  it('creates, archives and unarchives a flag; archived flags leave the payload', async () => {
    const bad = await flags.admin<{ error_code: string }>('POST', '/features', {
      key: 'bad key!',
      default_value: true,
    })
    expect(bad.body.error_code).toBe('FLAG_KEY_INVALID')
    const created = await flags.admin('POST', '/features', {
      key: 'voice-speed-limit',
      value_type: 'number',
      default_value: 1.5,
      environments: { development: { default_value: 3 } },
    })
    expect(created.status).toBe(201)
    expect(
      (
        await flags.admin<{ error_code: string }>('POST', '/features', {
          key: 'voice-speed-limit',
          value_type: 'number',
          default_value: 1,
        })
      ).body.error_code,
    ).toBe('FLAG_EXISTS')
    expect((await payload()).features['voice-speed-limit']).toEqual({ defaultValue: 1.5 })
    expect((await payload('sdk-loa-dev')).features['voice-speed-limit']).toEqual({ defaultValue: 3 })

    expect((await flags.admin('POST', '/features/voice-speed-limit/archive')).status).toBe(200)
    expect((await payload()).features['voice-speed-limit']).toBeUndefined()
    const active = await flags.admin<{ result: { features: { key: string }[] } }>('GET', '/features')
    expect(active.body.result.features.map((f) => f.key)).not.toContain('voice-speed-limit')
    const all = await flags.admin<{ result: { features: { key: string; archived: boolean }[] } }>(
      'GET',
      '/features?include_archived=true',
    )
    expect(all.body.result.features.find((f) => f.key === 'voice-speed-limit')?.archived).toBe(true)
    expect(
      (
        await flags.admin<{ error_code: string }>('PATCH', '/features/voice-speed-limit', {
          default_value: 2,
        })
      ).body.error_code,
    ).toBe('FLAG_ARCHIVED')
    expect((await flags.admin('POST', '/features/voice-speed-limit/unarchive')).status).toBe(200)
    expect((await payload()).features['voice-speed-limit']).toEqual({ defaultValue: 1.5 })

    // Disabled in one environment: left out of that environment's payload only.
    await flags.admin('PATCH', '/features/voice-speed-limit', {
      environments: { production: { enabled: false } },
    })
    expect((await payload()).features['voice-speed-limit']).toBeUndefined()
    expect((await payload('sdk-loa-dev')).features['voice-speed-limit']).toEqual({ defaultValue: 3 })
  })

  it('manages saved groups and refuses to delete one that rules use', async () => {
    expect((await flags.admin('POST', '/saved-groups', { id: 'vip', values: ['a', 'b', 'a'] })).status).toBe(
      201,
    )
    expect((await payload()).savedGroups).toMatchObject({ vip: ['a', 'b'] })
    await flags.admin('PUT', '/features/survey-response/environments/production/rules', {
      rules: [{ condition: { id: { $inGroup: 'vip' } }, force: true }],
    })
    const inUse = await flags.admin<{ error_code: string }>('DELETE', '/saved-groups/vip')
    expect(inUse.status).toBe(409)
    expect(inUse.body.error_code).toBe('FLAG_SAVED_GROUP_IN_USE')
    await flags.admin('PATCH', '/saved-groups/vip', { values: ['c'] })
    expect((await payload()).savedGroups).toMatchObject({ vip: ['c'] })
    await flags.admin('PUT', '/features/survey-response/environments/production/rules', { rules: [] })
    expect((await flags.admin('DELETE', '/saved-groups/vip')).status).toBe(200)
    expect((await payload()).savedGroups).not.toHaveProperty('vip')
  })

  it('creates client keys per environment, each with its own payload; archiving a key makes it 404', async () => {
    const created = await flags.admin<{ result: { key: string; environment: string } }>(
      'POST',
      '/client-keys',
      {
        name: 'Staging web',
        environment: 'staging',
      },
    )
    expect(created.status).toBe(201)
    const key = created.body.result.key
    expect(key).toMatch(/^sdk-/)
    expect(Object.keys((await payload(key)).features)).toContain('chatbot')
    await flags.admin('PUT', '/features/chatbot/environments/staging/rules', { rules: [{ force: true }] })
    expect((await payload(key)).features.chatbot!.rules).toHaveLength(1)
    expect((await payload()).features.chatbot!.rules).toBeUndefined()
    const stream = await fetch(`${flags.url}/sub/${key}`)
    const reader = stream.body!.getReader()
    await reader.read()
    await flags.admin('PATCH', `/client-keys/${key}`, { archived: true })
    expect((await fetch(`${flags.url}/api/features/${key}`)).status).toBe(404)
    // Its open streams end (the SDK's reconnects then get 404).
    let done = false
    while (!done) done = (await reader.read()).done
    expect((await fetch(`${flags.url}/sub/${key}`)).status).toBe(404)
  })
})

describe('resilience', () => {
  it('leaves a broken stored flag out of the payload without breaking the others', async () => {
    const { db } = flags.database
    const FE = flagsSchema.flagFeatureEnvironments
    // Simulate a definition damaged outside the API (hand edit, older version).
    await db
      .update(FE)
      .set({ rules: [{ force: 'not-a-boolean', condition: { x: { $regex: '(' } } }] })
      .where(eq(FE.featureKey, 'new-contact-support'))
    await db
      .update(flagsSchema.flagFeatures)
      .set({ defaultValue: { broken: true } })
      .where(eq(flagsSchema.flagFeatures.key, 'slider-credits'))
    await touchClientKeys(db)
    const res = await fetch(`${flags.url}/api/features/sdk-loa-web`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { features: Record<string, unknown> }
    expect(body.features['new-contact-support']).toBeUndefined()
    expect(body.features['slider-credits']).toBeUndefined()
    expect(body.features.chatbot).toBeDefined()
    expect(Object.keys(body.features).length).toBeGreaterThanOrEqual(10)
    const evaluated = await fetch(`${flags.url}/api/eval/sdk-loa-web`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ attributes: { id: 'u1' } }),
    })
    expect(evaluated.status).toBe(200)
    // Repaired through the API, it is served again.
    expect(
      (await flags.admin('PUT', '/features/new-contact-support/environments/production/rules', { rules: [] }))
        .status,
    ).toBe(200)
    expect((await flags.admin('PATCH', '/features/slider-credits', { default_value: false })).status).toBe(
      200,
    )
    const repaired = await payload()
    expect(repaired.features['new-contact-support']).toEqual({ defaultValue: false })
    expect(repaired.features['slider-credits']).toEqual({ defaultValue: false })
  })

  it('answers admin CORS only for configured origins', async () => {
    const allowed = await fetch(`${flags.url}/api/admin/features`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    const denied = await fetch(`${flags.url}/api/admin/features`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    })
    expect(denied.headers.get('access-control-allow-origin')).toBeNull()
  })
})
