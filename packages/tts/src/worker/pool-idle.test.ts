import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { createSynthesisPool } from './pool.ts'

/** Issue 13: idle workers give their memory back; an open encoder session keeps its worker. */
const pool = createSynthesisPool({ size: 1, idleMs: 300 })
afterAll(() => pool.close())

const settings = { format: 'wav' as const, sampleRate: 22_050, bitrate: 128 }

describe('worker pool idle stop', () => {
  it('stops a worker idle for idleMs and starts it again for the next task', async () => {
    await pool.run('encode-block', { settings, pcm: new Int16Array(100) })
    expect(pool.running()).toBe(1)
    await sleep(700)
    expect(pool.running()).toBe(0)
    const bytes = await pool.run('encode-block', { settings, pcm: new Int16Array(100) })
    expect(bytes.length).toBeGreaterThan(0)
    expect(pool.running()).toBe(1)
  })

  it('keeps a worker while an encoder session is open in it', async () => {
    await pool.run('encode-open', { session: 's1', settings }, { worker: 0 })
    await pool.run('encode', { session: 's1', pcm: new Int16Array(100) }, { worker: 0 })
    await sleep(700)
    expect(pool.running()).toBe(1)
    const tail = await pool.run('encode-close', { session: 's1', flush: true }, { worker: 0 })
    expect(tail).toBeInstanceOf(Uint8Array)
    await sleep(700)
    expect(pool.running()).toBe(0)
  })
})
