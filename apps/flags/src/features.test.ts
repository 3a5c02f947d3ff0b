import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EventSource } from 'eventsource'
import { GrowthBook, clearCache, setPolyfills, type FeatureApiResponse } from '@growthbook/growthbook'
import { FEATURE_FLAGS } from '@loa/contracts'
import { FLAG_DEFAULTS } from '@loa/db'
import { startFlags, type RunningFlags } from './testing/harness.ts'

setPolyfills({ EventSource })

let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags()
})
afterAll(async () => {
  await flags.close()
})
afterEach(async () => {
  await clearCache()
})

const sdk = (attributes: Record<string, unknown> = {}, clientKey = 'sdk-loa-web', apiHost = flags.url) =>
  new GrowthBook({ apiHost, clientKey, attributes })

describe('GET /api/features/{clientKey} with the official SDK', () => {
  it('loads the seeded payload: ready, from the network, every flag of spec §4 with its documented default', async () => {
    const gb = sdk()
    expect(gb.ready).toBe(false)
    const res = await gb.init({ timeout: 3000, streaming: false })
    expect(res).toMatchObject({ success: true, source: 'network' })
    expect(gb.ready).toBe(true)
    for (const key of FEATURE_FLAGS) {
      expect(gb.getFeatures()[key], key).toBeDefined()
      expect(gb.getFeatureValue(key, !FLAG_DEFAULTS[key].defaultValue), key).toBe(
        FLAG_DEFAULTS[key].defaultValue,
      )
    }
    // The landing shows the three care buttons by default.
    expect(gb.isOn('chatbot')).toBe(false)
    gb.destroy()
  })

  it('answers in the FeatureApiResponse shape with the SSE and CORS headers the SDK expects', async () => {
    const res = await fetch(`${flags.url}/api/features/sdk-loa-web`, {
      headers: { origin: 'https://example.org' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-sse-support')).toBe('enabled')
    expect(res.headers.get('access-control-expose-headers')).toContain('x-sse-support')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    const body = (await res.json()) as FeatureApiResponse & { status: number }
    expect(body.status).toBe(200)
    expect(typeof body.features).toBe('object')
    expect(new Date(body.dateUpdated!).toISOString()).toBe(body.dateUpdated)
    expect(body.savedGroups).toEqual({})
    expect(body.experiments).toEqual([])
    // A revalidation with the ETag is answered 304.
    const again = await fetch(`${flags.url}/api/features/sdk-loa-web`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it('evaluates targeting on the visitor ip attribute the landing uses for the chatbot flag', async () => {
    const set = await flags.admin('PUT', '/features/chatbot/environments/production/rules', {
      rules: [{ condition: { ip: { $in: ['203.0.113.7', '198.51.100.1'] } }, force: true }],
    })
    expect(set.status).toBe(200)
    const inside = sdk({ ip: '203.0.113.7', country: 'VN' })
    await inside.init({ timeout: 3000, streaming: false })
    expect(inside.isOn('chatbot')).toBe(true)
    expect(inside.evalFeature('chatbot').source).toBe('force')
    const outside = sdk({ ip: '192.0.2.55', country: 'VN' })
    await outside.init({ timeout: 3000, streaming: false })
    expect(outside.isOn('chatbot')).toBe(false)
    expect(outside.evalFeature('chatbot').source).toBe('defaultValue')
    // The development environment (another client key) has its own rules: untouched.
    const dev = sdk({ ip: '203.0.113.7' }, 'sdk-loa-dev')
    await dev.init({ timeout: 3000, streaming: false })
    expect(dev.isOn('chatbot')).toBe(false)
    for (const gb of [inside, outside, dev]) gb.destroy()
    await flags.admin('PUT', '/features/chatbot/environments/production/rules', { rules: [] })
  })

  it('serves no disabled rule: a rule stored with enabled false forces nothing', async () => {
    const rule = { condition: { ip: { $in: ['203.0.113.7'] } }, force: true }
    const set = await flags.admin('PUT', '/features/chatbot/environments/production/rules', {
      rules: [{ ...rule, enabled: false }],
    })
    expect(set.status).toBe(200)
    const served = await (await fetch(`${flags.url}/api/features/sdk-loa-web`)).json()
    expect(served.features.chatbot.rules).toBeUndefined()
    const inside = sdk({ ip: '203.0.113.7' })
    await inside.init({ timeout: 3000, streaming: false })
    expect(inside.isOn('chatbot')).toBe(false)
    expect(inside.evalFeature('chatbot').source).toBe('defaultValue')
    inside.destroy()
    await clearCache()
    // Turned back on, the same rule applies (so the check above is about `enabled`, not the rule).
    await flags.admin('PUT', '/features/chatbot/environments/production/rules', { rules: [rule] })
    const enabled = sdk({ ip: '203.0.113.7' })
    await enabled.init({ timeout: 3000, streaming: false })
    expect(enabled.isOn('chatbot')).toBe(true)
    enabled.destroy()
    await flags.admin('PUT', '/features/chatbot/environments/production/rules', { rules: [] })
  })

  it('works with a trailing slash on apiHost and with the key in X-GrowthBook-Api-Key', async () => {
    const gb = sdk({}, 'sdk-loa-web', `${flags.url}/`)
    expect(await gb.init({ timeout: 3000, streaming: false })).toMatchObject({ success: true })
    expect(gb.getFeatureValue('home-page-ai-voice', false)).toBe(true)
    gb.destroy()
    const byPath = await (await fetch(`${flags.url}/api/features/sdk-loa-web`)).json()
    const byHeader = await (
      await fetch(`${flags.url}/api/features`, { headers: { 'x-growthbook-api-key': 'sdk-loa-web' } })
    ).json()
    expect(byHeader).toEqual(byPath)
    const missing = await fetch(`${flags.url}/api/features`)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ message: 'API key required' })
  })

  it('answers an unknown client key with 404 {status, error}; the SDK reports an error and uses defaults', async () => {
    const res = await fetch(`${flags.url}/api/features/sdk-nope`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 404, error: 'Unknown client key' })
    const sub = await fetch(`${flags.url}/sub/sdk-nope`)
    expect(sub.status).toBe(404)
    const gb = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-nope', log: () => undefined })
    const result = await gb.init({ timeout: 3000 })
    expect(result).toMatchObject({ success: false, source: 'error' })
    expect(gb.ready).toBe(true)
    expect(gb.getFeatureValue('chatbot', 'fallback')).toBe('fallback')
    gb.destroy()
  })

  it('answers CORS preflights for the SDK endpoints', async () => {
    const res = await fetch(`${flags.url}/api/eval/sdk-loa-web`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const sub = await fetch(`${flags.url}/sub/sdk-loa-web`, { headers: { origin: 'https://app.example' } })
    expect(sub.headers.get('access-control-allow-origin')).toBe('*')
    expect(sub.headers.get('content-type')).toContain('text/event-stream')
    await sub.body?.cancel()
  })
})
