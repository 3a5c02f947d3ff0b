import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GrowthBook, clearCache } from '@growthbook/growthbook'
import { startFlags, waitFor, type RunningFlags } from './testing/harness.ts'

/** Without an EventSource (plain Node 20), the SDK can refresh by polling GET /api/features. */
let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags()
})
afterAll(async () => {
  await clearCache()
  await flags.close()
})

describe('SDK polling fallback', () => {
  it('picks up changes with pollingInterval when streaming is unavailable', async () => {
    expect(typeof (globalThis as { EventSource?: unknown }).EventSource).toBe('undefined')
    const gb = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-web', log: () => undefined })
    await gb.init({ timeout: 3000, pollingInterval: 150 })
    expect(gb.isOn('discount-for-first-paid-user')).toBe(false)
    await flags.admin('PATCH', '/features/discount-for-first-paid-user', { default_value: true })
    await waitFor(() => gb.isOn('discount-for-first-paid-user'), 5_000)
    expect((await flags.admin<{ result: { total: number } }>('GET', '/streams')).body.result.total).toBe(0)
    gb.destroy()
  })
})
