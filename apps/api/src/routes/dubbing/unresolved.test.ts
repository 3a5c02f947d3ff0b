import { dubbingJobs } from '@loa/dubbing/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

// Line 1 cannot fit (a long sentence in 0.5 s, line 2 right after it with no room to move).
const SRT = `1
00:00:00,500 --> 00:00:01,000
LAN: Trời nắng đẹp và có gió nhẹ ở khắp nơi trong thành phố hôm nay.

2
00:00:01,100 --> 00:00:02,000
MINH: Vâng.

3
00:00:02,000 --> 00:00:03,000
LAN: Đi thôi.

4
00:00:03,000 --> 00:00:04,000
MINH: Ừ.
`

let api: SynthesisTestApi
let token: string
const base = '/api/v1/dubbing'

beforeAll(async () => {
  api = await startSynthesisTestApi({ runJobs: false })
  api.queue.register(dubbingJobs({ database: api.database, storage: api.storage, queue: api.queue }))
  token = await api.token('held-user')
  await api.setBalance('held-user', 1000, 'aidubbing')
  await api.startJobs(1)
})
afterAll(() => api?.close())

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  api.call({ method, url: `${base}${url}`, token, ...(payload ? { payload } : {}) })

const renderToEnd = async (projectId: string) => {
  const started = (await call('POST', `/projects/${projectId}/render`)).json().result
  for (let i = 0; i < 600; i++) {
    const r = (await call('GET', `/renders/${started.id}`)).json().result
    if (r.status !== 'IN_PROGRESS') return r
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('render did not finish')
}

describe('dubbing export held while a line cannot fit', () => {
  it('holds the render (nothing charged, no files) until the line is fixed or accepted', async () => {
    const p = (await call('POST', '/projects', { subtitle_text: SRT })).json().result
    // Two speakers, two distinct default voices.
    expect(p.speakers.map((s: { name: string }) => s.name)).toEqual(['Lan', 'Minh'])
    expect(new Set(p.speakers.map((s: { voice_code: string }) => s.voice_code)).size).toBe(2)
    const before = await api.balance('held-user', 'aidubbing')
    const held = await renderToEnd(p.id)
    expect(held).toMatchObject({ status: 'FAILURE', error_code: 'DUBBING_UNRESOLVED_LINES', files: [] })
    expect(await api.balance('held-user', 'aidubbing')).toBe(before)
    const detail = (await call('GET', `/projects/${p.id}`)).json().result
    expect(detail.lines[0].fit).toMatchObject({ action: 'unresolved', file_line: 2 })
    expect(detail.lines[0].fit.shorten_by_chars).toBeGreaterThan(0)
    expect(detail.lines[0].fix).toBeNull()

    // Accepting the overrun releases the export; the report says what happened to the line.
    const fix = { fix: { accept_overrun: true } }
    expect((await call('PATCH', `/projects/${p.id}/lines/${p.lines[0].id}`, fix)).statusCode).toBe(200)
    const done = await renderToEnd(p.id)
    expect(done.status).toBe('SUCCESS')
    expect(done.summary).toMatchObject({ unresolved: 0, accepted_overrun: 1 })
    const after = (await call('GET', `/projects/${p.id}`)).json().result
    expect(after.lines[0].fix).toEqual({ max_speedup: null, borrow_next_gap: false, accept_overrun: true })
    expect(after.lines[0].fit.action).toBe('accepted-overrun')
    expect(await api.balance('held-user', 'aidubbing')).toBeLessThan(before)

    // Clearing the fix and shortening the text resolves it too.
    await call('PATCH', `/projects/${p.id}/lines/${p.lines[0].id}`, { fix: null, text: 'LAN: Nắng.' })
    const edited = await renderToEnd(p.id)
    expect(edited.status).toBe('SUCCESS')
    expect(edited.summary).toMatchObject({ unresolved: 0, accepted_overrun: 0 })
  })
})
