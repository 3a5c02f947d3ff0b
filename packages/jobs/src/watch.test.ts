import { describe, expect, it } from 'vitest'
import { wakeableDelay, watchRecord } from './watch.ts'

describe('watchRecord', () => {
  it('yields each new state once and ends with the final one', async () => {
    const states = ['a:0', 'a:0', 'a:50', 'a:50', 'done:100', 'never']
    let reads = 0
    const seen: string[] = []
    for await (const s of watchRecord({
      read: async () => states[reads++],
      stateOf: (s) => s,
      isFinal: (s) => s.startsWith('done'),
      pollMs: 1,
    }))
      seen.push(s)
    expect(seen).toEqual(['a:0', 'a:50', 'done:100'])
    expect(reads).toBe(5)
  })

  it('ends when the record is gone, and reads at once when woken instead of waiting for the poll', async () => {
    let wake: (() => void) | undefined
    let unsubscribed = false
    let n = 0
    const watch = watchRecord({
      read: async () => (n < 2 ? `s${n++}` : undefined),
      stateOf: (s) => s,
      isFinal: () => false,
      pollMs: 60_000,
      wakeOn: [
        (w) => {
          wake = w
          return () => (unsubscribed = true)
        },
      ],
    })
    expect((await watch.next()).value).toBe('s0')
    const second = watch.next()
    setTimeout(() => wake?.(), 10)
    expect((await second).value).toBe('s1')
    setTimeout(() => wake?.(), 10)
    expect((await watch.next()).done).toBe(true)
    expect(unsubscribed).toBe(true)
  })

  it('stops when its signal aborts', async () => {
    const abort = new AbortController()
    const watch = watchRecord({
      read: async () => 'x',
      stateOf: () => String(Math.random()),
      isFinal: () => false,
      pollMs: 60_000,
      signal: abort.signal,
    })
    await watch.next()
    const next = watch.next()
    abort.abort()
    expect((await next).done).toBe(true)
  })
})

describe('wakeableDelay', () => {
  it('ends early when woken', async () => {
    const started = Date.now()
    const delay = wakeableDelay(60_000)
    delay.wake()
    await delay.done
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})
