import net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EventSource } from 'eventsource'
import { GrowthBook, clearCache, setPolyfills } from '@growthbook/growthbook'
import { startFlags, waitFor, type RunningFlags } from './testing/harness.ts'

/** Client-side instrumentation only: counts the SDK's HTTP requests (the server is untouched). */
const requests: string[] = []
setPolyfills({
  EventSource,
  fetch: ((input: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
    return fetch(input, init)
  }) as typeof fetch,
})
const count = (prefix: string) => requests.filter((r) => r.startsWith(prefix)).length

let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags({ FLAGS_SSE_RETRY_MS: '200' })
})
afterAll(async () => {
  await flags.close()
})
afterEach(async () => {
  await clearCache()
})

const streams = async (server: RunningFlags, key: string) =>
  (await server.admin<{ result: { streams: Record<string, number> } }>('GET', '/streams')).body.result
    .streams[key] ?? 0

const setDefault = (server: RunningFlags, key: string, value: unknown) =>
  server.admin('PATCH', `/features/${key}`, { default_value: value })

describe('live updates over SSE (/sub/{clientKey})', () => {
  it('pushes an admin change to a connected SDK within 1 s, without a new GET', async () => {
    const gb = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-web' })
    const renders: number[] = []
    gb.setRenderer(() => renders.push(Date.now()))
    await gb.init({ timeout: 3000, streaming: true })
    await waitFor(async () => (await streams(flags, 'sdk-loa-web')) === 1)
    expect(gb.isOn('introduce-voice-cloning')).toBe(false)
    const gets = count('GET /api/features')
    const rendersBefore = renders.length

    const started = Date.now()
    expect((await setDefault(flags, 'introduce-voice-cloning', true)).status).toBe(200)
    const latency = await waitFor(() => gb.isOn('introduce-voice-cloning'), 5_000, 5)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(latency).toBeLessThan(1_000)
    expect(count('GET /api/features')).toBe(gets)
    expect(renders.length).toBeGreaterThan(rendersBefore)

    await setDefault(flags, 'introduce-voice-cloning', false)
    await waitFor(() => !gb.isOn('introduce-voice-cloning'))
    gb.destroy()
  })

  it('opens one stream per client key however many SDK instances share it', async () => {
    const a = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-dev', attributes: { id: 'a' } })
    const b = new GrowthBook({ apiHost: flags.url, clientKey: 'sdk-loa-dev', attributes: { id: 'b' } })
    await Promise.all([
      a.init({ timeout: 3000, streaming: true }),
      b.init({ timeout: 3000, streaming: true }),
    ])
    await waitFor(async () => (await streams(flags, 'sdk-loa-dev')) === 1)
    await setDefault(flags, 'survey-response', true)
    await waitFor(() => a.isOn('survey-response') && b.isOn('survey-response'))
    expect(await streams(flags, 'sdk-loa-dev')).toBe(1)
    await setDefault(flags, 'survey-response', false)
    a.destroy()
    b.destroy()
    await clearCache()
    await waitFor(async () => (await streams(flags, 'sdk-loa-dev')) === 0)
  })

  it('reaches SDKs connected to another replica sharing the database (scale mode), within 1 s', async () => {
    const replica = await startFlags({ FLAGS_POLL_MS: '500' }, { database: flags.database })
    try {
      const gb = new GrowthBook({ apiHost: replica.url, clientKey: 'sdk-loa-web' })
      await gb.init({ timeout: 3000, streaming: true })
      await waitFor(async () => (await streams(replica, 'sdk-loa-web')) === 1)
      const started = Date.now()
      // The change goes through the *other* replica's admin API.
      expect((await setDefault(flags, 'slider-credits', true)).status).toBe(200)
      await waitFor(() => gb.isOn('slider-credits'), 5_000, 5)
      const latency = Date.now() - started
      expect(latency).toBeLessThan(1_000)
      gb.destroy()
    } finally {
      await replica.close()
      await setDefault(flags, 'slider-credits', false)
    }
  })

  it('frames events as GrowthBook does: retry first, id/event/data, unnamed pings, Last-Event-ID catch-up', async () => {
    const server = await startFlags(
      { FLAGS_SSE_PING_MS: '150', FLAGS_SSE_RETRY_MS: '700' },
      { database: flags.database },
    )
    try {
      const read = async (headers: Record<string, string> = {}) => {
        const controller = new AbortController()
        const res = await fetch(`${server.url}/sub/sdk-loa-web`, { headers, signal: controller.signal })
        expect(res.headers.get('content-type')).toContain('text/event-stream')
        expect(res.headers.get('cache-control')).toContain('no-cache')
        const reader = res.body!.getReader()
        let text = ''
        const deadline = Date.now() + 2_000
        while (!text.includes('data: \n\n') && Date.now() < deadline) {
          const { value, done } = await reader.read()
          if (done) break
          text += new TextDecoder().decode(value)
        }
        controller.abort()
        return text
      }
      const first = await read()
      expect(first.startsWith('retry: 700\n\n')).toBe(true)
      const match = /id: (\d+) \nevent: features\ndata: (.*)\n\n/.exec(first)
      expect(match).not.toBeNull()
      const payload = JSON.parse(match![2]!) as { features: Record<string, unknown>; dateUpdated: string }
      expect(Object.keys(payload.features)).toContain('chatbot')
      expect(String(Date.parse(payload.dateUpdated))).toBe(match![1])
      expect(first).toContain('data: \n\n')
      // A client that already has this version gets no repeat, only pings.
      const resumed = await read({ 'last-event-id': match![1]! })
      expect(resumed).not.toContain('event: features')
      expect(resumed).toContain('data: \n\n')
    } finally {
      await server.close()
    }
  })

  it('reconnects after the connection drops and catches up on changes made meanwhile', async () => {
    // A TCP relay between the SDK and the service, so the test can cut the network.
    const sockets = new Set<net.Socket>()
    const upstream = new URL(flags.url)
    const relay = net.createServer((client) => {
      const server = net.connect(Number(upstream.port), upstream.hostname)
      sockets.add(client).add(server)
      client.pipe(server).pipe(client)
      const drop = () => (client.destroy(), server.destroy(), sockets.delete(client), sockets.delete(server))
      client.on('error', drop).on('close', drop)
      server.on('error', drop).on('close', drop)
    })
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r))
    const relayUrl = `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`
    const gb = new GrowthBook({ apiHost: relayUrl, clientKey: 'sdk-loa-web', log: () => undefined })
    try {
      await gb.init({ timeout: 3000, streaming: true })
      await waitFor(async () => (await streams(flags, 'sdk-loa-web')) === 1)
      for (let i = 0; i < 5; i++) {
        for (const s of sockets) s.destroy()
        await waitFor(async () => (await streams(flags, 'sdk-loa-web')) === 0)
        const value = i % 2 === 0
        await setDefault(flags, 'datasenses', value)
        await waitFor(() => gb.isOn('datasenses') === value, 10_000)
      }
    } finally {
      gb.destroy()
      await clearCache()
      for (const s of sockets) s.destroy()
      await new Promise((r) => relay.close(r))
      await setDefault(flags, 'datasenses', false)
    }
  })

  it('ends open streams promptly on app.close()', async () => {
    const server = await startFlags({}, { database: flags.database })
    const res = await fetch(`${server.url}/sub/sdk-loa-web`)
    const reader = res.body!.getReader()
    await reader.read()
    const started = Date.now()
    await server.close()
    expect(Date.now() - started).toBeLessThan(2_000)
    let done = false
    while (!done) done = (await reader.read()).done
    expect(done).toBe(true)
  })

  it('sends features-updated beacons to a remote-evaluation key; the SDK re-POSTs /api/eval', async () => {
    const created = await flags.admin<{ result: { key: string } }>('POST', '/client-keys', {
      key: 'sdk-remote-test',
      name: 'remote eval',
      environment: 'production',
      remote_eval_only: true,
    })
    expect(created.status).toBe(201)
    expect((await fetch(`${flags.url}/api/features/sdk-remote-test`)).status).toBe(400)
    const gb = new GrowthBook({
      apiHost: flags.url,
      clientKey: 'sdk-remote-test',
      remoteEval: true,
      attributes: { id: 'u1' },
    })
    await gb.init({ timeout: 3000, streaming: true })
    expect(gb.isOn('fake-time-voucher')).toBe(false)
    await waitFor(async () => (await streams(flags, 'sdk-remote-test')) === 1)
    const posts = count('POST /api/eval/sdk-remote-test')
    await setDefault(flags, 'fake-time-voucher', true)
    await waitFor(() => gb.isOn('fake-time-voucher'))
    expect(count('POST /api/eval/sdk-remote-test')).toBeGreaterThan(posts)
    gb.destroy()
    await setDefault(flags, 'fake-time-voucher', false)
  })
})
