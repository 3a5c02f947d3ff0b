import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventSource } from 'eventsource'
import { GrowthBook, clearCache, configureCache, setPolyfills } from '@growthbook/growthbook'
import { FLAG_IDLE_STREAM_MS } from '@loa/contracts'
import { startFlags, waitFor, type RunningFlags } from './testing/harness.ts'

/**
 * The SDK closes its streams when the tab has been hidden for `idleStreamInterval` (spec: 20 s) and reopens
 * them when it is visible again. This runs the SDK's own browser code path with a stand-in for the page
 * (`document` visibility events) and a manual clock for `window.setTimeout`, against the real service.
 */
let now = 0
const timers = new Map<number, { at: number; fn: () => void }>()
let nextTimer = 1
const clock = {
  setTimeout: (fn: () => void, ms: number) => {
    const id = nextTimer++
    timers.set(id, { at: now + ms, fn })
    return id
  },
  clearTimeout: (id: number) => void timers.delete(id),
  advance: (ms: number) => {
    now += ms
    for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at))
      if (t.at <= now) {
        timers.delete(id)
        t.fn()
      }
  },
}
const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as 'visible' | 'hidden' })
const setVisibility = (state: 'visible' | 'hidden') => {
  page.visibilityState = state
  page.dispatchEvent(new Event('visibilitychange'))
}

let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags({ FLAGS_SSE_RETRY_MS: '200' })
  Object.assign(globalThis, { window: clock, document: page })
  setPolyfills({ EventSource })
  configureCache({ idleStreamInterval: FLAG_IDLE_STREAM_MS })
  await clearCache()
})
afterAll(async () => {
  await clearCache()
  delete (globalThis as Record<string, unknown>).window
  delete (globalThis as Record<string, unknown>).document
  await flags.close()
})

const streams = async () =>
  (await flags.admin<{ result: { streams: Record<string, number> } }>('GET', '/streams')).body.result.streams[
    'sdk-loa-web'
  ] ?? 0

describe('idle streams (hidden tab, 20 s)', () => {
  it('closes the stream 20 s after the page is hidden and reopens it, caught up, when visible', async () => {
    const gb = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-web' })
    await gb.init({ timeout: 3000, streaming: true })
    await waitFor(async () => (await streams()) === 1)

    setVisibility('hidden')
    clock.advance(FLAG_IDLE_STREAM_MS - 1)
    await new Promise((r) => setTimeout(r, 300))
    expect(await streams()).toBe(1)
    clock.advance(1)
    await waitFor(async () => (await streams()) === 0)

    // A change while hidden is not received…
    await flags.admin('PATCH', '/features/new-rule-get-best-voucher', { default_value: true })
    await new Promise((r) => setTimeout(r, 400))
    expect(gb.isOn('new-rule-get-best-voucher')).toBe(false)
    // …and arrives as soon as the page is visible again (the reopened stream starts with the payload).
    setVisibility('visible')
    await waitFor(async () => (await streams()) === 1)
    await waitFor(() => gb.isOn('new-rule-get-best-voucher'))
    gb.destroy()
  })
})
