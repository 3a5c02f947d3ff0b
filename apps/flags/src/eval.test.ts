import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { EventSource } from 'eventsource'
import { GrowthBook, clearCache, configureCache, setPolyfills, type Result } from '@growthbook/growthbook'
import { FLAG_CACHE_MAX_ENTRIES, FLAG_CACHE_STALE_MS } from '@loa/contracts'
import { startFlags, type RunningFlags } from './testing/harness.ts'

const requests: string[] = []
setPolyfills({
  EventSource,
  fetch: ((input: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
    return fetch(input, init)
  }) as typeof fetch,
})

let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags()
  const create = (key: string, valueType: string, defaultValue: unknown) =>
    flags.admin('POST', '/features', { key, value_type: valueType, default_value: defaultValue })
  expect((await create('rollout-test', 'boolean', false)).status).toBe(201)
  expect((await create('exp-voice', 'string', 'control')).status).toBe(201)
  expect((await create('beta-only', 'boolean', false)).status).toBe(201)
  expect(
    (await flags.admin('POST', '/saved-groups', { id: 'beta-testers', values: ['u1', 'u2'] })).status,
  ).toBe(201)
  const rules = (key: string, body: unknown[]) =>
    flags.admin('PUT', `/features/${key}/environments/production/rules`, { rules: body })
  expect((await rules('rollout-test', [{ force: true, coverage: 0.2, hashAttribute: 'id' }])).status).toBe(
    200,
  )
  expect(
    (await rules('exp-voice', [{ key: 'exp-voice', variations: ['control', 'neural'], weights: [0.5, 0.5] }]))
      .status,
  ).toBe(200)
  expect(
    (
      await rules('beta-only', [
        { condition: { id: { $inGroup: 'beta-testers' } }, force: true },
        { condition: { appVersion: { $vgte: '2.10.0' }, country: { $in: ['VN', 'TH'] } }, force: true },
      ])
    ).status,
  ).toBe(200)
})
afterAll(async () => {
  await flags.close()
})
afterEach(async () => {
  vi.useRealTimers()
  configureCache({ staleTTL: FLAG_CACHE_STALE_MS, maxEntries: FLAG_CACHE_MAX_ENTRIES })
  await clearCache()
})

const load = async (attributes: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
  const gb = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-web', attributes, ...extra })
  await gb.init({ timeout: 3000, streaming: false })
  return gb
}

const postEval = (body: unknown, key = 'sdk-loa-web') =>
  fetch(`${flags.url}/api/eval/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('rule semantics through the SDK', () => {
  it('serves rollouts with hash version 2 and the id hash attribute, filled in at write time', async () => {
    const payload = (await (await fetch(`${flags.url}/api/features/sdk-loa-web`)).json()) as {
      features: Record<string, { rules: Record<string, unknown>[] }>
    }
    expect(payload.features['rollout-test']!.rules[0]).toMatchObject({
      force: true,
      coverage: 0.2,
      hashVersion: 2,
    })
    expect(payload.features['rollout-test']!.rules[0]!.id).toMatch(/^fr_/)
  })

  it('rolls out to 20 % of 2,000 ids (within tolerance), stable per id and equal to remote evaluation', async () => {
    const gb = await load()
    const included: string[] = []
    for (let i = 0; i < 2000; i++) {
      await gb.setAttributes({ id: `visitor-${i}` })
      if (gb.isOn('rollout-test')) included.push(`visitor-${i}`)
    }
    // Binomial(2000, 0.2): sd ≈ 17.9 ids; ±60 is more than 3 sd.
    expect(included.length).toBeGreaterThan(400 - 60)
    expect(included.length).toBeLessThan(400 + 60)
    const again = await load({ id: included[0] })
    expect(again.isOn('rollout-test')).toBe(true)
    for (let i = 0; i < 50; i++) {
      const res = await postEval({ attributes: { id: `visitor-${i}` } })
      const body = (await res.json()) as { features: Record<string, { defaultValue: unknown }> }
      expect(body.features['rollout-test']!.defaultValue, `visitor-${i}`).toBe(
        included.includes(`visitor-${i}`),
      )
    }
    // No hash attribute: excluded.
    await gb.setAttributes({})
    expect(gb.isOn('rollout-test')).toBe(false)
    gb.destroy()
    again.destroy()
  })

  it('runs experiments: both variations served, tracking fires once per user with hashUsed', async () => {
    const tracked: Result<unknown>[] = []
    const gb = await load({}, { trackingCallback: (_e: unknown, r: Result<unknown>) => void tracked.push(r) })
    const counts: Record<string, number> = {}
    for (let i = 0; i < 600; i++) {
      await gb.setAttributes({ id: `user-${i}` })
      const value = gb.getFeatureValue('exp-voice', 'none')
      gb.getFeatureValue('exp-voice', 'none') // a second look at the same user is not tracked again
      counts[value] = (counts[value] ?? 0) + 1
    }
    expect(Object.keys(counts).sort()).toEqual(['control', 'neural'])
    expect(counts.neural!).toBeGreaterThan(240)
    expect(counts.neural!).toBeLessThan(360)
    expect(tracked.length).toBe(600)
    expect(tracked.every((r) => r.hashUsed && r.inExperiment && r.hashAttribute === 'id')).toBe(true)
    gb.destroy()
  })

  it('targets saved groups ($inGroup) and version comparisons ($vgte) with other operators', async () => {
    const cases: [Record<string, unknown>, boolean][] = [
      [{ id: 'u1' }, true],
      [{ id: 'u3' }, false],
      [{ id: 'u3', appVersion: '2.10.0', country: 'VN' }, true],
      [{ id: 'u3', appVersion: '2.9.9', country: 'VN' }, false], // 2.9.9 < 2.10.0 as versions, not as strings
      [{ id: 'u3', appVersion: 'v3.0.0', country: 'TH' }, true],
      [{ id: 'u3', appVersion: '3.0.0', country: 'US' }, false],
    ]
    for (const [attributes, expected] of cases) {
      const gb = await load(attributes)
      expect(gb.isOn('beta-only'), JSON.stringify(attributes)).toBe(expected)
      gb.destroy()
      const remote = (await (await postEval({ attributes })).json()) as {
        features: Record<string, { defaultValue: unknown }>
      }
      expect(remote.features['beta-only']!.defaultValue, JSON.stringify(attributes)).toBe(expected)
    }
  })
})

describe('remote evaluation (POST /api/eval/{clientKey})', () => {
  it('is used by the SDK with remoteEval: reduced answer, re-POST on new attributes, no-store', async () => {
    const tracked: string[] = []
    const gb = new GrowthBook({
      apiHost: flags.url,
      clientKey: 'sdk-loa-web',
      remoteEval: true,
      attributes: { id: 'u1' },
      trackingCallback: (e) => void tracked.push(e.key),
    })
    const before = requests.filter((r) => r === 'POST /api/eval/sdk-loa-web').length
    expect(await gb.init({ timeout: 3000, streaming: false })).toMatchObject({
      success: true,
      source: 'network',
    })
    expect(gb.isOn('beta-only')).toBe(true)
    expect(['control', 'neural']).toContain(gb.getFeatureValue('exp-voice', 'none'))
    expect(tracked).toEqual(['exp-voice'])
    await gb.setAttributes({ id: 'u3' })
    expect(gb.isOn('beta-only')).toBe(false)
    expect(requests.filter((r) => r === 'POST /api/eval/sdk-loa-web').length).toBe(before + 2)
    gb.destroy()

    const res = await postEval({
      attributes: { id: 'u1' },
      forcedVariations: { 'exp-voice': 1 },
      forcedFeatures: [['chatbot', true]],
      url: 'https://loa.example/',
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as {
      features: Record<
        string,
        {
          defaultValue: unknown
          rules?: { force: unknown; tracks: { experiment: { variations: unknown[] } }[] }[]
        }
      >
      experiments: unknown[]
    }
    expect(body.experiments).toEqual([])
    expect(body.features.chatbot).toEqual({ defaultValue: true })
    expect(body.features['exp-voice']!.defaultValue).toBe('neural')
    expect(body.features['exp-voice']!.rules![0]!.tracks[0]!.experiment.variations).toEqual([{}, 'neural'])
    expect(body.features['rollout-test']!.rules).toBeUndefined()
  })

  it('rejects invalid input in GrowthBook’s shape', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`a${i}`, i]))
    for (const body of [
      { attributes: tooMany },
      { attributes: 'nope' },
      { forcedVariations: { x: 'one' } },
      { forcedFeatures: [['a']] },
      { url: 42 },
    ]) {
      const res = await postEval(body)
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(await res.json()).toEqual({ status: 400, error: 'Invalid input' })
    }
    const huge = await postEval({ attributes: { blob: 'x'.repeat(1_100_000) } })
    expect(huge.status).toBe(413)
    expect((await postEval({}, 'sdk-unknown')).status).toBe(404)
  })
})

describe('payload encryption per client key', () => {
  it('serves encryptedFeatures the SDK decrypts with the key; a wrong key leaves features empty', async () => {
    const updated = await flags.admin<{ result: { encryption_key: string; encrypted: boolean } }>(
      'PATCH',
      '/client-keys/sdk-loa-dev',
      { encryption: true },
    )
    expect(updated.status).toBe(200)
    const decryptionKey = updated.body.result.encryption_key
    expect(Buffer.from(decryptionKey, 'base64')).toHaveLength(16)
    await flags.admin('PUT', '/features/chatbot/environments/development/rules', {
      rules: [{ condition: { id: { $inGroup: 'beta-testers' } }, force: true }],
    })
    const raw = (await (await fetch(`${flags.url}/api/features/sdk-loa-dev`)).json()) as Record<
      string,
      unknown
    >
    expect(raw.features).toEqual({})
    expect(typeof raw.encryptedFeatures).toBe('string')
    expect(typeof raw.encryptedSavedGroups).toBe('string')
    expect(raw.savedGroups).toBeUndefined()

    const gb = new GrowthBook({
      apiHost: flags.url,
      clientKey: 'sdk-loa-dev',
      decryptionKey,
      attributes: { id: 'u2' },
    })
    expect(await gb.init({ timeout: 3000, streaming: false })).toMatchObject({ success: true })
    expect(gb.getFeatureValue('home-page-ai-voice', false)).toBe(true)
    expect(gb.isOn('chatbot')).toBe(true) // saved group from encryptedSavedGroups
    gb.destroy()
    await clearCache()

    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const wrong = new GrowthBook({
      apiHost: flags.url,
      clientKey: 'sdk-loa-dev',
      decryptionKey: 'AAAAAAAAAAAAAAAAAAAAAA==',
      log: () => undefined,
    })
    await wrong.init({ timeout: 3000, streaming: false })
    expect(wrong.ready).toBe(true)
    expect(wrong.getFeatureValue('home-page-ai-voice', false)).toBe(false)
    wrong.destroy()
    quiet.mockRestore()
    await flags.admin('PATCH', '/client-keys/sdk-loa-dev', { encryption: false })
    await flags.admin('PUT', '/features/chatbot/environments/development/rules', { rules: [] })
  })
})

describe('SDK cache with the spec numbers (stale after 60 s, 10 entries)', () => {
  it('serves from cache within 60 s with no request; after 60 s returns the cached value and revalidates once', async () => {
    configureCache({ staleTTL: FLAG_CACHE_STALE_MS, maxEntries: FLAG_CACHE_MAX_ENTRIES })
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const gets = () => requests.filter((r) => r === 'GET /api/features/sdk-loa-web').length
    const first = await load()
    const n0 = gets()
    vi.setSystemTime(start + FLAG_CACHE_STALE_MS - 1_000)
    const second = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-web' })
    expect(await second.init({ timeout: 3000, streaming: false })).toMatchObject({
      success: true,
      source: 'cache',
    })
    expect(gets()).toBe(n0)
    vi.setSystemTime(start + FLAG_CACHE_STALE_MS + 1_000)
    const third = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-web' })
    expect(await third.init({ timeout: 3000, streaming: false })).toMatchObject({ source: 'cache' })
    expect(third.getFeatureValue('home-page-ai-voice', false)).toBe(true)
    vi.useRealTimers()
    for (let i = 0; i < 200 && gets() === n0; i++) await new Promise((r) => setTimeout(r, 10))
    expect(gets()).toBe(n0 + 1)
    for (const gb of [first, second, third]) gb.destroy()
  })

  it('keeps at most 10 client keys in the cache, evicting the oldest', async () => {
    configureCache({ staleTTL: FLAG_CACHE_STALE_MS, maxEntries: FLAG_CACHE_MAX_ENTRIES })
    const keys = Array.from({ length: FLAG_CACHE_MAX_ENTRIES + 1 }, (_, i) => `sdk-cache-${i}`)
    for (const key of keys)
      expect(
        (await flags.admin('POST', '/client-keys', { key, name: key, environment: 'production' })).status,
      ).toBe(201)
    vi.useFakeTimers({ toFake: ['Date'] })
    const t0 = Date.now()
    for (const [i, key] of keys.entries()) {
      vi.setSystemTime(t0 + i * 10)
      const gb = new GrowthBook({ apiHost: flags.url, clientKey: key })
      expect(await gb.init({ timeout: 3000, streaming: false })).toMatchObject({ source: 'network' })
      gb.destroy()
    }
    const newest = new GrowthBook({ apiHost: flags.url, clientKey: keys[keys.length - 1] })
    expect(await newest.init({ timeout: 3000, streaming: false })).toMatchObject({ source: 'cache' })
    const oldest = new GrowthBook({ apiHost: flags.url, clientKey: keys[0] })
    expect(await oldest.init({ timeout: 3000, streaming: false })).toMatchObject({ source: 'network' })
    newest.destroy()
    oldest.destroy()
  })
})
