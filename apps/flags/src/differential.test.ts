import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateFeatures } from '@growthbook/proxy-eval'
import { startFlags, type RunningFlags } from './testing/harness.ts'

/**
 * Differential test: for random attribute sets, our `POST /api/eval` answers exactly what GrowthBook's own
 * remote-evaluation library (`@growthbook/proxy-eval`, dev-only oracle) computes on the payload we serve.
 */
let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags()
  const ok = (r: { status: number; body: unknown }) => {
    if (r.status >= 300) throw new Error(JSON.stringify(r.body))
  }
  ok(await flags.admin('POST', '/saved-groups', { id: 'testers', values: ['u-1', 'u-7', 'u-13'] }))
  ok(
    await flags.admin('POST', '/features', {
      key: 'voice-tier',
      value_type: 'string',
      default_value: 'basic',
    }),
  )
  ok(await flags.admin('POST', '/features', { key: 'max-chars', value_type: 'number', default_value: 2000 }))
  ok(
    await flags.admin('POST', '/features', {
      key: 'ui',
      value_type: 'json',
      default_value: { theme: 'light' },
    }),
  )
  const rules = async (key: string, list: unknown[]) =>
    ok(await flags.admin('PUT', `/features/${key}/environments/production/rules`, { rules: list }))
  await rules('chatbot', [
    { condition: { ip: { $regex: '^203\\.0\\.113\\.' } }, force: true },
    {
      condition: { country: { $in: ['VN', 'LA'] }, locale: 'vi' },
      force: true,
      coverage: 0.5,
      hashAttribute: 'id',
    },
  ])
  await rules('voice-tier', [
    { condition: { id: { $inGroup: 'testers' } }, force: 'studio' },
    {
      key: 'exp-tier',
      variations: ['basic', 'pro', 'studio'],
      weights: [0.5, 0.3, 0.2],
      coverage: 0.8,
      hashAttribute: 'id',
    },
  ])
  await rules('max-chars', [
    {
      condition: { appVersion: { $vgte: '2.0.0' }, $or: [{ plan: 'pro' }, { plan: 'business' }] },
      force: 10000,
    },
    { range: [0, 0.25], force: 5000, hashAttribute: 'id', seed: 'max-chars-rollout' },
  ])
  await rules('ui', [
    {
      parentConditions: [{ id: 'chatbot', condition: { value: true } }],
      force: { theme: 'dark', chat: true },
    },
    {
      key: 'exp-ui',
      variations: [{ theme: 'light' }, { theme: 'dark' }],
      hashAttribute: 'deviceId',
      fallbackAttribute: 'id',
    },
  ])
})
afterAll(async () => {
  await flags.close()
})

/** Small deterministic PRNG (mulberry32) so a failure is reproducible. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

describe('POST /api/eval agrees with @growthbook/proxy-eval', () => {
  it('for 300 random attribute sets, forced variations and forced features', async () => {
    const served = (await (await fetch(`${flags.url}/api/features/sdk-loa-web`)).json()) as Record<
      string,
      unknown
    >
    const rand = prng(20261121)
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!
    const distinct = new Set<string>()
    let exposures = 0
    for (let i = 0; i < 300; i++) {
      const attributes: Record<string, unknown> = {}
      if (rand() < 0.9) attributes.id = `u-${Math.floor(rand() * 40)}`
      if (rand() < 0.5) attributes.deviceId = `d-${Math.floor(rand() * 1000)}`
      if (rand() < 0.7) attributes.country = pick(['VN', 'LA', 'US', 'TH'])
      if (rand() < 0.6) attributes.locale = pick(['vi', 'en'])
      if (rand() < 0.5) attributes.ip = pick(['203.0.113.9', '198.51.100.4', '10.0.0.1'])
      if (rand() < 0.5) attributes.appVersion = pick(['1.9.9', '2.0.0', '2.10.1', 'v3.0.0-beta'])
      if (rand() < 0.5) attributes.plan = pick(['free', 'pro', 'business'])
      const forcedVariations: Record<string, number> =
        rand() < 0.2 ? { 'exp-tier': Math.floor(rand() * 3) } : {}
      const forcedFeatures: [string, unknown][] = rand() < 0.1 ? [['max-chars', 42]] : []
      const body = { attributes, forcedVariations, forcedFeatures, url: 'https://loa.example/' }
      const ours = await (
        await fetch(`${flags.url}/api/eval/sdk-loa-web`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()
      const oracle = await evaluateFeatures({
        payload: served,
        attributes,
        forcedVariations,
        forcedFeatures: new Map(forcedFeatures),
        url: body.url,
      })
      expect(ours, JSON.stringify(body)).toEqual(JSON.parse(JSON.stringify(oracle)))
      const features = (ours as { features: Record<string, { defaultValue: unknown; rules?: unknown[] }> })
        .features
      distinct.add(JSON.stringify(Object.values(features).map((f) => f.defaultValue)))
      exposures += Object.values(features).filter((f) => f.rules).length
    }
    // The sample exercises many outcomes, experiment exposures included.
    expect(distinct.size).toBeGreaterThan(20)
    expect(exposures).toBeGreaterThan(50)
  })
})
